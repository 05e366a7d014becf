package dev.metric.mode.replay;

import dev.metric.workload.TraceValues;

/**
 * One command of a trace, ready for its lane: its words (with the values it writes made when it
 * is sent, so that the values of the commands waiting in the lanes' queues take no memory), where
 * it falls in the trace's time, and what its reply must show. Made by the thread that reads the
 * trace, used by one lane.
 */
final class TraceOp {

    /** An expectation of a read that is not judged: a key the replay did not write, or cannot follow. */
    static final long NOT_JUDGED = -1;
    /** An expectation of a read: the key was deleted. */
    static final long ABSENT = -2;
    /** Set on a version whose write gave the key a time to live: a miss may be its expiry. */
    static final long EXPIRES = 1L << 62;

    /** Marks the end of a lane's commands. */
    static final TraceOp END = new TraceOp(0, TraceCommand.KEYLESS, -1, new byte[][] {{}}, 0, -1);
    /** Marks the end of a lane's warm-up commands: the measured ones follow. */
    static final TraceOp WARMUP_END = new TraceOp(0, TraceCommand.KEYLESS, -1, new byte[][] {{}}, 0, -1);

    final long line;
    /** What the command does, which decides how it is sent: a GET, an MGET, or the trace's words. */
    final TraceCommand kind;
    /** Its row in the report: its name's place among the trace's command names. */
    final int command;
    final byte[][] words;
    /** The word that is the command's key, which a cluster routes it by; 0 for none. */
    final int keyAt;
    /** When it is due, in nanoseconds after the first command of its phase (warm-up or measured); -1 without times. */
    final long offsetNanos;

    /** For each key a read checks, in the order of its reply: its id and the expected version, or a constant above. */
    long[] checkIds;
    long[] expected;
    /**
     * For a read of a record ({@link TraceCommand#HASH_READ}): each field's id and expectation are
     * in {@link #checkIds} and {@link #expected}, in the order of the fields named here for an
     * HGETALL, whose reply names its fields, or in the order of the reply for an HMGET (null here).
     */
    byte[][] checkFields;
    /** For a {@link TraceCommand#INDEX_SCAN}: the read sent for each key the reply lists, word 1 the key's place. */
    byte[][] perKeyRead;
    /** For a {@link TraceCommand#INDEX_SCAN}: the report's row of {@link #perKeyRead}. */
    int perKeyRow;
    /** For a {@link TraceCommand#HASH_DELETE}: the ids of the record's fields it deletes, in doubt if it fails. */
    long[] deletedIds;

    /** For each value a write makes: the word it goes in, the key's id, the version and the length. */
    private int[] valueAt;
    private long[] valueIds;
    private long[] valueVersions;
    private int[] valueLengths;

    TraceOp(long line, TraceCommand kind, int command, byte[][] words, int keyAt, long offsetNanos) {
        this.line = line;
        this.kind = kind;
        this.command = command;
        this.words = words;
        this.keyAt = keyAt;
        this.offsetNanos = offsetNanos;
    }

    /** Has this command write values of the replay's: into word {@code valueAt[i]}, of key {@code ids[i]}. */
    void generates(int[] valueAt, long[] ids, long[] versions, int[] lengths) {
        this.valueAt = valueAt;
        this.valueIds = ids;
        this.valueVersions = versions;
        this.valueLengths = lengths;
    }

    /** The ids of the keys whose values of the replay's this command writes; null when none. */
    long[] writtenIds() {
        return valueIds;
    }

    /** Makes the values this command writes, in place of the trace's. */
    void makeValues() {
        if (valueAt == null) {
            return;
        }
        for (int i = 0; i < valueAt.length; i++) {
            words[valueAt[i]] = TraceValues.value(valueIds[i], valueVersions[i], valueLengths[i]);
        }
    }

    /** Whether the reply is checked for some key. */
    boolean checks() {
        return checkIds != null;
    }

}
