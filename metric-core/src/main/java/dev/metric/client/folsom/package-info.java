/**
 * The memcached binding: Spotify's folsom, asynchronous on Netty, speaking memcached's text
 * protocol. Why folsom and not xmemcached or spymemcached: docs/memcached.md.
 */
package dev.metric.client.folsom;
