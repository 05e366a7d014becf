/**
 * Bare client loops: the client libraries doing the same requests as a metric run with nothing
 * else around them, so that the speed scripts can measure the harness's overhead as a ratio. They
 * are command-line programs the scripts run beside metric.jar, not JMH benchmarks.
 */
package dev.metric.bare;
