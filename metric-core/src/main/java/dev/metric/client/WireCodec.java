package dev.metric.client;

/**
 * A client library's own request encoder and reply parser, driven in memory with no socket:
 * what the library spends on each request apart from the network and the server. The JMH
 * benchmarks and the latency breakdown of a run both measure through this, so that they
 * measure the same code. Not thread-safe: one per thread; close it to free its buffers.
 */
public interface WireCodec extends AutoCloseable {

    /** Encodes {@code GET key} the way the library does before writing it; returns the bytes encoded. */
    int encodeGet(byte[] key);

    /** Encodes {@code SET key value}; returns the bytes encoded. */
    int encodeSet(byte[] key, byte[] value);

    /** Encodes {@code SETEX key ttlSeconds value}; returns the bytes encoded. */
    int encodeSetex(byte[] key, long ttlSeconds, byte[] value);

    /**
     * A copy of the bytes of the last request encoded, so that a check can read what the library
     * would have sent; it copies, so it has no place in a timed path.
     */
    byte[] lastRequest();

    /**
     * Parses one reply to a GET, {@code $<length>\r\n<value>\r\n}, from a canned copy of it, as the
     * library does when it reads one from its connection.
     */
    byte[] decodeBulk(CannedReply reply);

    /** Parses one {@code +OK\r\n}, the reply to SET and SETEX. */
    String decodeStatus(CannedReply reply);

    /** Frees what the codec holds outside the heap; nothing by default. */
    @Override
    default void close() {
    }
}
