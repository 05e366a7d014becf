/**
 * Whole requests over loopback, to a real Redis and to a responder that executes nothing, so
 * that the server's share and the network's share can be told apart.
 */
package dev.metric.jmh.roundtrip;
