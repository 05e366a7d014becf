/**
 * Baselines inside the JMH suite: the floor of an in-process map that the client-side costs are
 * set against.
 */
package dev.metric.jmh.baseline;
