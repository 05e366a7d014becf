package dev.metric.client;

/**
 * One use of a connection, from taking it (from a pool, or the shared connection) to handing
 * it back with {@link #close()}. Its methods run on the caller's thread and block for replies.
 */
public interface Lease extends AutoCloseable {

    /** The value stored at {@code key}, or null when there is none. */
    byte[] get(byte[] key);

    /**
     * Sets {@code key} to {@code value}, without expiry, and waits for the reply.
     *
     * @throws ClientException on an error reply, a failed connection or a timeout
     */
    void set(byte[] key, byte[] value);

    /**
     * Sends {@code SET keys[i] values[i]} for {@code i < count} without waiting between
     * commands, then waits for every reply. A server error reply for item {@code i} is put in
     * {@code errorReplies[i]} (null when that SET succeeded) rather than thrown, so the caller
     * can retry just the items that failed.
     *
     * @param ttlSeconds null to write without expiry, else {@code SETEX} with {@code ttlSeconds[i]}
     * @throws ClientException when the connection fails or times out
     */
    void setAll(byte[][] keys, byte[][] values, long[] ttlSeconds, int count, String[] errorReplies);

    /**
     * Sends {@code request} without waiting for its reply; its outcome goes to the request's
     * {@link CompletionQueue}. A binding that can only read replies after writing a whole batch
     * (Jedis's pipeline) queues it until {@link #flush()}. Failures are delivered, not thrown.
     */
    void send(Request request);

    /**
     * Puts every request sent so far on its way. A blocking binding writes its batch here and
     * waits for the replies, so that they have all completed when this returns.
     */
    void flush();

    /** Hands the connection back; a connection that failed is discarded, not reused. */
    @Override
    void close();
}
