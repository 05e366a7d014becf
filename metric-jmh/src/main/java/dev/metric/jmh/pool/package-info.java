/** What taking and handing back a connection costs, by pool size and thread count. */
package dev.metric.jmh.pool;
