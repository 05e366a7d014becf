package dev.metric.client;

/**
 * One use of a connection, from taking it (from a pool, or the shared connection) to handing
 * it back with {@link #close()}. Its methods run on the caller's thread and block for replies.
 */
public interface Lease extends AutoCloseable {

    /** The value stored at {@code key}, or null when there is none. */
    byte[] get(byte[] key);

    /**
     * Sends {@code SET keys[i] values[i]} for {@code i < count} without waiting between
     * commands, then waits for every reply. A server error reply for item {@code i} is put in
     * {@code errorReplies[i]} (null when that SET succeeded) rather than thrown, so the caller
     * can retry just the items that failed.
     *
     * @throws ClientException when the connection fails or times out
     */
    void setAll(byte[][] keys, byte[][] values, int count, String[] errorReplies);

    /** Hands the connection back; a connection that failed is discarded, not reused. */
    @Override
    void close();
}
