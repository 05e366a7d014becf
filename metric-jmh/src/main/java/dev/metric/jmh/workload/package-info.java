/** Benchmarks of the harness's own work: generating keys and values, verifying, recording. */
package dev.metric.jmh.workload;
