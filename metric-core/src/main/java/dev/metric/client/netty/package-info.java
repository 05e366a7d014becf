/**
 * Netty's event loops as metric's loop engine uses them, whichever library's connections run on
 * them: Lettuce's and folsom's.
 */
package dev.metric.client.netty;
