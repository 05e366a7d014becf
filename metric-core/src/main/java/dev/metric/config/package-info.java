/**
 * What every configuration shares, as given and as printed with its result: the server and
 * client a run names ({@link dev.metric.config.RunConfig}), the builder of the settings every mode
 * has, the flush policy and latency objectives, and the limits and checks they share. Each mode's
 * own configuration is in its package under {@code dev.metric.mode}.
 */
package dev.metric.config;
