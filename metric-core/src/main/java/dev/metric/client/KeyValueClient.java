package dev.metric.client;

/**
 * A client library set up for one run: its connections already open, handing out
 * {@link Lease}s to any number of threads. This is the whole surface a binding implements.
 */
public interface KeyValueClient extends AutoCloseable {

    /** Library, version, protocol, pooling and how replies are stamped, for the report. */
    ClientDescription describe();

    /**
     * Whether requests complete on the library's own I/O threads after {@link Lease#flush()} has
     * returned (Lettuce), rather than inside it (Jedis, which reads its replies there). An
     * asynchronous client's lanes can be driven from its completions, with no thread of their
     * own waiting for replies.
     */
    boolean asynchronous();

    /**
     * Takes a connection, waiting for a pooled one if all are in use.
     *
     * @throws ClientException when no connection can be had within the command timeout
     */
    Lease lease();

    /** Closes every connection. */
    @Override
    void close();
}
