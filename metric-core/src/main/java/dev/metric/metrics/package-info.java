/**
 * Live metrics: a run's figures served over HTTP as Prometheus / OpenMetrics text while it runs
 * ({@code --metrics-port}), through the Prometheus Java client, from what the modes already log
 * each second.
 */
package dev.metric.metrics;
