package dev.metric.client;

/**
 * What a result must say about the client that produced it.
 *
 * @param library     library name, e.g. {@code jedis}
 * @param version     library version from its Maven metadata
 * @param protocol    the RESP version every connection speaks
 * @param connections connections opened to the server
 * @param pooling     how threads get a connection, in words
 * @param replyTiming how precisely the binding stamps its requests' moments on the wire and of reply
 * @param asynchronous whether requests complete on the library's own I/O threads (see
 *                     {@link KeyValueClient#asynchronous()})
 */
public record ClientDescription(String library, String version, String protocol,
                                int connections, String pooling, ReplyTiming replyTiming, boolean asynchronous) {
}
