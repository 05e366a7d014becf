/** What each client library spends turning a command into bytes, with no socket. */
package dev.metric.jmh.encode;
