/**
 * metric's own RESP client on Netty, for the loop engine: each request written straight into its
 * connection's buffer and each reply read into its request as it arrives, with no command object,
 * promise or listener per request; what a client must spend at least, and what memtier_benchmark,
 * written in C, spends.
 */
package dev.metric.client.resp;
