/**
 * The Lettuce binding: one connection shared by every thread (Lettuce's recommended use), or a
 * commons-pool2 pool of connections when a pool size is given.
 */
package dev.metric.client.lettuce;
