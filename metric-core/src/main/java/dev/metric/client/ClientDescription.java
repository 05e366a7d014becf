package dev.metric.client;

/**
 * What a result must say about the client that produced it.
 *
 * @param library     library name, e.g. {@code jedis}
 * @param version     library version from its Maven metadata
 * @param protocol    the RESP version every connection speaks
 * @param connections connections opened to the server
 * @param pooling     how threads get a connection, in words
 */
public record ClientDescription(String library, String version, String protocol,
                                int connections, String pooling) {
}
