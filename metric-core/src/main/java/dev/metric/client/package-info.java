/**
 * The narrow contract the runners drive ({@link dev.metric.client.KeyValueClient} and
 * {@link dev.metric.client.Lease}), with one thin binding per client library in a sub-package.
 * Bindings hold no timing code: timing is done once, in {@code dev.metric.record}.
 */
package dev.metric.client;
