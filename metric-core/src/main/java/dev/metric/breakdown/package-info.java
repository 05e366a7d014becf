/**
 * Splitting a run's mean request latency into the client (encode, decode, pool, measured in
 * process), the server (its own INFO commandstats) and the rest: network, kernel and queueing.
 */
package dev.metric.breakdown;
