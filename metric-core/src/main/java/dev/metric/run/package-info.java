/**
 * The machinery every mode's runner shares: the load phase, what a run is given
 * ({@link dev.metric.run.RunContext}), the watch on the server, progress lines, interval logs,
 * the JIT's settling, the checks before a run and the housekeeping of the database. The runners
 * themselves, and the phases and workloads only one mode has, are in its package under
 * {@code dev.metric.mode}.
 */
package dev.metric.run;
