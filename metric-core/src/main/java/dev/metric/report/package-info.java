/**
 * Turning results into what people read and keep, for every mode: the pieces of text reports,
 * CSV and Markdown tables, JSON and its schema, comparisons and charts of several runs. Each
 * mode's own report and CSV columns are in its package under {@code dev.metric.mode}, built from
 * these; nothing here depends on the engine.
 */
package dev.metric.report;
