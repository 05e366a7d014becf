/**
 * What the benchmark writes and reads: keys and values derived from (seed, key index), so that
 * any value can be regenerated for verification instead of being kept in memory.
 */
package dev.metric.workload;
