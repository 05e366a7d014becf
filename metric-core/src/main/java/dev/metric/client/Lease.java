package dev.metric.client;

/**
 * One use of a connection, from taking it (from a pool, or the shared connection) to handing
 * it back with {@link #close()}. Not thread-safe unless its client is
 * {@linkplain KeyValueClient#asynchronous() asynchronous}, whose leases may also be used from
 * the completions they deliver.
 *
 * <p>Measured traffic goes through {@link #send} and {@link #flush}, which stamp every request
 * (see {@link Request}); {@link #get} and {@link #set} are plain blocking calls for callers that
 * time nothing themselves, such as the JMH round trip.
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
     * Queues {@code request} to go out with the next {@link #flush()}. Its outcome goes to the
     * request's {@link Completion}; failures are delivered, never thrown.
     */
    void send(Request request);

    /**
     * Puts every request queued since the last flush on the wire, stamping each
     * ({@link Request#markOnWire()}) as it is handed to the library to be written: before its bytes
     * are encoded and written, whether the library writes them on this thread (Jedis) or on its I/O
     * thread (Lettuce, folsom), so that every binding's service time starts at the same point. A
     * blocking binding then reads the replies, completing each
     * request as its reply is read, and returns when all have completed. An asynchronous binding
     * returns at once; called from one of its own completions, it may hold the write until its I/O
     * thread has handled the replies it is reading, so that the requests sent in answer to one
     * read leave in one write.
     */
    void flush();

    /** Hands the connection back; a connection that failed is discarded, not reused. */
    @Override
    void close();
}
