/**
 * {@code bench} ({@link dev.metric.mode.bench.BenchMode}): redis-benchmark's tests, each in turn a
 * {@code run} of its one command over random keys. Its configuration (and the tests), result and
 * mode; the runner, workload and renderings of each test are {@code run}'s.
 */
package dev.metric.mode.bench;
