/**
 * Bare client loops: the client libraries doing the same requests as a metric run with nothing
 * else around them, so that the harness's overhead can be measured as a ratio.
 */
package dev.metric.jmh.baseline;
