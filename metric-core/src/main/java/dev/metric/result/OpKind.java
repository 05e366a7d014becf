package dev.metric.result;

import dev.metric.ycsb.YcsbWorkload;
import dev.metric.ycsb.YcsbWorkload.Operation;
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
     * The WAIT that follows each write under {@code --wait}, on the write's connection, timed from
     * the write's intended start to WAIT's reply: how long until the write was on the replicas asked
     * for (or WAIT gave up). Not an operation of the cache's, so not in the figures of all of them.
     */
    WAIT("WAIT"),
    /**
     * Any of the above that got an error reply or no reply at all (a lost connection, a timeout),
     * timed until it was given up, so that a timeout shows in the maximum of all operations.
     */
    FAILED("failed"),
    /** YCSB's READ ({@code --workload ycsb-*}): an HGETALL of a record, every field verified. */
    READ("READ"),
    /** YCSB's UPDATE: an HMSET of one field of a record. */
    UPDATE("UPDATE"),
    /** YCSB's INSERT: an HMSET of every field of a new record, then a ZADD of its key to the index; timed whole. */
    INSERT("INSERT"),
    /** YCSB's SCAN: a ZRANGEBYSCORE of the index, then a READ of each record it lists; timed whole. */
    SCAN("SCAN"),
    /** YCSB's READ-MODIFY-WRITE: a READ of a record, then an UPDATE of it; timed whole. */
    READ_MODIFY_WRITE("READ-MODIFY-WRITE"),
    /**
     * Each command of the YCSB operations of more than one (INSERT, SCAN, READ-MODIFY-WRITE), on
     * its own, the first timed from when the operation was meant to start and each later one from
     * the reply before it. Their operations' rows have them whole, so they are left out of the
     * figures of all operations together.
     */
    YCSB_COMMAND("inner command");

    private final String label;

    OpKind(String label) {
        this.label = label;
    }

    /**
     * Whether a run has operations of this kind: a run of YCSB workload {@code ycsb} (null for
     * mode2's cache traffic) those of its proportions and the commands of its operations of more
     * than one; cache traffic whose reads ask for {@code keysPerRead} keys GET hits and misses
     * without {@code --mget}, MGETs only with it, SETEXs and refills, and WAITs when it {@code waits}
     * after its writes; failures in both.
     */
    public boolean occursWith(int keysPerRead, YcsbWorkload ycsb, boolean waits) {
        return switch (this) {
            case GET_HIT, GET_MISS -> ycsb == null && keysPerRead == 1;
            case MGET -> ycsb == null && keysPerRead > 1;
            case SETEX, REFILL -> ycsb == null;
            case WAIT -> ycsb == null && waits;
            case FAILED -> true;
            // The rows of YCSB's operations are named as the workload names them.
            case READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE -> ycsb != null
                    && ycsb.proportion(Operation.valueOf(name())) > 0;
            case YCSB_COMMAND -> ycsb != null && (ycsb.proportion(Operation.INSERT) > 0
                    || ycsb.proportion(Operation.SCAN) > 0 || ycsb.proportion(Operation.READ_MODIFY_WRITE) > 0);
        };
    }

    /**
     * Whether it is in the figures of all operations together: all but {@link #YCSB_COMMAND}, whose
     * commands are counted in their operations, and {@link #WAIT}, which follows the writes.
     */
    public boolean inAll() {
        return this != YCSB_COMMAND && this != WAIT;
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
