package dev.metric.mode.cache;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.result.OpKind;

/** A command of a YCSB operation that mode2 runs, with what its workload needs to judge it and go on. */
final class YcsbOp extends Request {

    /** What the command does within its operation. */
    enum Step {
        /** HGETALL of a record, judged field by field. */
        READ_RECORD("HGETALL", false),
        /** HMSET of one field (an update) or all (an insert). */
        WRITE_FIELDS("HMSET", true),
        /** ZADD of an inserted record's key to the index. */
        INDEX_ADD("ZADD", true),
        /** ZRANGEBYSCORE of the index: the records a scan reads. */
        INDEX_RANGE("ZRANGEBYSCORE", false);

        private final String command;
        private final boolean writes;

        Step(String command, boolean writes) {
            this.command = command;
            this.writes = writes;
        }

        String command() {
            return command;
        }

        boolean writes() {
            return writes;
        }
    }

    Step step;
    /** The YCSB operation the command is part of. */
    OpKind kind;
    /** The record's number; -1 for a record a scan listed, known by its key alone. */
    long record;
    byte[] recordKey;
    /** The operation, when it has more than this command; null otherwise. */
    Chain chain;

    YcsbOp(Completion owner) {
        super(owner);
    }

    /**
     * An operation of more than one command, timed whole: from when its first command was meant to
     * go (and went) to the reply to its last.
     */
    static final class Chain {
        final OpKind kind;
        /** Commands sent or owed and not yet answered. */
        int pending = 1;
        boolean failed;
        boolean started;
        long intendedNanos;
        long sendableNanos;
        long onWireNanos;

        Chain(OpKind kind) {
            this.kind = kind;
        }

        /** Takes the operation's start from its first command, once answered. */
        void startFrom(Request first) {
            if (!started) {
                started = true;
                intendedNanos = first.intendedNanos();
                sendableNanos = first.sendableNanos();
                onWireNanos = first.onWireNanos();
            }
        }
    }
}
