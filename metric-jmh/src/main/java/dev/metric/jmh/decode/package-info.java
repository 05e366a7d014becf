/** What each client library spends parsing a reply, with no socket. */
package dev.metric.jmh.decode;
