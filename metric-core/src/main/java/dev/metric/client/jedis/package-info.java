/** The Jedis binding: a JedisPool (commons-pool2) of blocking connections. */
package dev.metric.client.jedis;
