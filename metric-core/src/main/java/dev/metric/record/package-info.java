/**
 * Latency recording with HdrHistogram: the recorders every figure is read from, the one place
 * where a request's moments become latencies ({@link dev.metric.record.RequestTimer}), and the
 * interval log. Bindings and workers hold no timing code of their own.
 */
package dev.metric.record;
