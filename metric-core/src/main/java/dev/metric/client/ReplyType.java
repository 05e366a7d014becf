package dev.metric.client;

/**
 * The RESP type of a reply, as far as both protocol versions and both libraries can tell it
 * apart: what a command template's replies are checked and counted by, since their contents are
 * not known in advance.
 */
public enum ReplyType {
    /** A missing value: RESP2's null bulk or array, RESP3's null. */
    NIL,
    /** A bulk or simple string; the libraries do not tell the two apart. */
    STRING,
    INTEGER,
    /** RESP3's double. */
    DOUBLE,
    /** An array, or a RESP3 set or push. */
    ARRAY,
    /**
     * A RESP3 map; RESP2 sends maps as arrays. Jedis hands an empty RESP3 map over as an empty
     * list, which counts as an array.
     */
    MAP,
    /** Anything else RESP3 can send: a boolean, a big number. */
    OTHER
}
