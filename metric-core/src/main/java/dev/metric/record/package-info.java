/**
 * Latency recording with HdrHistogram, and the decorator that times client calls once so that
 * bindings hold no timing code.
 */
package dev.metric.record;
