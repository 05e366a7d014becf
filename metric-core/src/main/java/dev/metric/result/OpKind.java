package dev.metric.result;

import java.util.Locale;

/** The kinds of operation mode2 reports apart. */
public enum OpKind {
    /** A GET that found its key, value verified. */
    GET_HIT("GET hit"),
    /** A GET whose key had expired (or was never written). */
    GET_MISS("GET miss"),
    /** A read of several keys at once ({@code --mget}): the values it returned verified, its misses refilled. */
    MGET("MGET"),
    /** A scheduled write: SETEX with a fresh value and TTL. */
    SETEX("SETEX"),
    /** The SETEX a cache-aside application sends after a miss, at once and outside the schedule. */
    REFILL("refill"),
    /**
     * Any of the above that got an error reply or no reply at all (a lost connection, a timeout),
     * timed until it was given up, so that a timeout shows in the maximum of all operations.
     */
    FAILED("failed");

    private final String label;

    OpKind(String label) {
        this.label = label;
    }

    /**
     * Whether a run whose reads ask for {@code keysPerRead} keys has operations of this kind: GET
     * hits and misses without {@code --mget}, MGETs only with it.
     */
    public boolean occursWith(int keysPerRead) {
        return switch (this) {
            case GET_HIT, GET_MISS -> keysPerRead == 1;
            case MGET -> keysPerRead > 1;
            default -> true;
        };
    }

    /** The name the report prints. */
    public String label() {
        return label;
    }

    /** The tag of its histograms in an interval log: lower case, no spaces ({@code get-hit}). */
    public String logTag() {
        return label.toLowerCase(Locale.ROOT).replace(' ', '-');
    }
}
