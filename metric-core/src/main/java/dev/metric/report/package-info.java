/**
 * Turning results into what people read and keep: the text reports, CSV, Markdown rows, JSON and
 * its schema, comparisons and charts of several runs. Written from {@code dev.metric.result} and
 * {@code dev.metric.config} alone, never from the engine.
 */
package dev.metric.report;
