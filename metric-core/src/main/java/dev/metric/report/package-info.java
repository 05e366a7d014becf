/** Turning results into what people read and keep: the text report and JSON. */
package dev.metric.report;
