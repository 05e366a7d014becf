package dev.metric.result;

/**
 * How a stretch of traffic was driven: at what rate, on how many threads and connections, with how
 * many requests in flight. Its fields are written at the level of the record that holds it.
 *
 * @param targetOpsPerSec the target rate, 0 in a closed loop
 * @param threads         client threads: event loops, or threads of lanes of their own
 * @param connections     lanes per thread, each a connection's stream of requests
 * @param window          requests in flight per lane at most
 */
public record TrafficShape(double targetOpsPerSec, int threads, int connections, int window) {
}
