/**
 * The narrow contract the engine drives ({@link dev.metric.client.KeyValueClient},
 * {@link dev.metric.client.Lease} and {@link dev.metric.client.Request}), with one thin binding per
 * client library in a sub-package. Bindings read no clock: they mark each request as on the wire
 * and as completed, and the request stamps itself with the run's clock; the figures are made once,
 * in {@code dev.metric.record}.
 */
package dev.metric.client;
