package dev.metric.client;

/**
 * A client library set up for one run: its connections already open, handing out
 * {@link Lease}s to any number of threads. This is the whole surface a binding implements.
 */
public interface KeyValueClient extends AutoCloseable {

    /** Library, version, protocol and pooling, for the report. */
    ClientDescription describe();

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
