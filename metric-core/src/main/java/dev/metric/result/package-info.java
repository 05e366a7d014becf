/**
 * What every mode's result is made of, as records: the load and traffic phases, faults and
 * outages, the server, client and machine described, and what every result answers
 * ({@link dev.metric.result.RunResult}). Each mode's own result is in its package under
 * {@code dev.metric.mode}; reports, JSON and comparisons are written from these records, which
 * hold figures, not the engine that made them.
 */
package dev.metric.result;
