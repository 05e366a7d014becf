package dev.metric.ycsb;

import java.nio.charset.StandardCharsets;

/**
 * How YCSB's Redis binding lays a record out, for everything in metric that sends YCSB's
 * operations to Redis (a replayed trace, mode2's {@code --workload ycsb-*}): a record is a hash
 * of its fields under its key, and every record's key is also in a sorted set, {@code _indices},
 * scored by the Java hash code of the key as text, which a SCAN reads a range of.
 */
public final class YcsbRedis {

    /** The sorted set YCSB's Redis binding keeps every record's key in. */
    public static final byte[] INDEX_KEY = ascii("_indices");
    public static final byte[] HGETALL = ascii("HGETALL");
    public static final byte[] HMSET = ascii("HMSET");
    public static final byte[] ZADD = ascii("ZADD");
    public static final byte[] ZRANGEBYSCORE = ascii("ZRANGEBYSCORE");
    private static final byte[] PLUS_INFINITY = ascii("+inf");
    private static final byte[] LIMIT = ascii("LIMIT");
    private static final byte[] ZERO = ascii("0");

    private YcsbRedis() {
    }

    /** A key's score in the index, as YCSB's Redis binding computes it: the Java hash code of the key as text. */
    public static byte[] score(byte[] key) {
        return ascii(Integer.toString(new String(key, StandardCharsets.ISO_8859_1).hashCode()));
    }

    /** The ZADD that adds {@code key} to the index, as the binding sends it after writing its record. */
    public static byte[][] indexAdd(byte[] key) {
        return indexAdd(INDEX_KEY, key);
    }

    /** The ZADD that adds {@code key} to the index named {@code index}. */
    public static byte[][] indexAdd(byte[] index, byte[] key) {
        return new byte[][] {ZADD, index, score(key), key};
    }

    /**
     * The ZRANGEBYSCORE of a SCAN of the index named {@code index}: up to {@code count} (its digits)
     * keys from {@code key}'s score on.
     */
    public static byte[][] indexRange(byte[] index, byte[] key, byte[] count) {
        return new byte[][] {ZRANGEBYSCORE, index, score(key), PLUS_INFINITY, LIMIT, ZERO, count};
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
