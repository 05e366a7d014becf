/**
 * What several benchmark classes set up the same way: payloads of exact sizes, codecs and client
 * choices, as JMH states so that each benchmark takes only the parameters it uses.
 */
package dev.metric.jmh.support;
