package dev.metric.mode.replay;

import dev.metric.client.Completion;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import dev.metric.engine.Workload;
import dev.metric.pacing.Schedule;
import dev.metric.record.RequestTimer;
import dev.metric.run.OperationStats;
import dev.metric.workload.TraceValues;
import dev.metric.workload.Verdict;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * One lane of a replay: the commands the reader dealt to it, in the trace's order, each sent as
 * the trace has it (a GET and an MGET as such, so that each key's value comes back in place), with
 * the values of its writes made as it goes out, and each read checked against what the reader
 * expects of its keys. A write or delete that failed or got no reply leaves its keys in doubt:
 * their reads are not judged from then on, in this drive and the ones after it.
 *
 * <p>At {@code --speed}, commands are due at the trace's own times over the speed, counted from
 * the start of the drive; otherwise as fast as the window allows.
 */
final class ReplayWorkload implements Workload<ReplayWorkload.Op> {

    /** How soon a lane at the trace's times looks again for a command the reader has not dealt yet. */
    private static final long NOT_DEALT_RETRY_NANOS = 100_000;

    /** A request and the command of the trace it carries. */
    static final class Op extends Request {
        TraceOp trace;

        Op(Completion owner) {
            super(owner);
        }
    }

    private final LaneFeeds feeds;
    private final int lane;
    /** The figures of each side of the drive's measured window, by {@link dev.metric.engine.MeasuredWindow}'s sides. */
    private final List<ReplayStats> sides;
    private final ReadChecks checks;
    private final double speed;
    private final KeyIdSet inDoubt;
    private final ArrayDeque<ListedRead> pendingListedReads = new ArrayDeque<>();
    private TraceOp next;
    private boolean ended;
    /** When the command last taken was due, at the trace's times. */
    private long takenDue;
    private long startNanos;

    /**
     * @param sides   the figures of each side of the drive, whose reads' checks are one run's
     * @param speed   the pace against the trace's times (2: twice as fast); 0 for as fast as the lane goes
     * @param inDoubt the lane's keys whose write failed, kept from its warm-up to its measured commands
     */
    ReplayWorkload(LaneFeeds feeds, int lane, List<ReplayStats> sides, double speed, KeyIdSet inDoubt) {
        this.feeds = feeds;
        this.lane = lane;
        this.sides = sides;
        this.checks = sides.get(0).checks;
        this.speed = speed;
        this.inDoubt = inDoubt;
    }

    @Override
    public Op newRequest(Completion owner) {
        return new Op(owner);
    }

    /**
     * The lane's next command; null when the reader has not dealt it yet, {@link TraceOp#END} once
     * the commands of this drive have ended (the end of the warm-up ends the warm-up's drive, and
     * the next drive reads on after it).
     */
    private TraceOp peek() {
        if (next == null) {
            next = feeds.poll(lane);
            if (next == TraceOp.WARMUP_END) {
                next = TraceOp.END;
            }
            ended = next == TraceOp.END;
        }
        return next;
    }

    @Override
    public boolean nextScheduled(Op op) {
        TraceOp trace = peek();
        if (trace == null || trace == TraceOp.END) {
            return false;
        }
        next = null;
        takenDue = dueOf(trace);
        trace.makeValues();
        op.trace = trace;
        switch (trace.kind) {
            case READ -> op.get(trace.words[1]);
            case READ_MANY -> op.mget(Arrays.copyOfRange(trace.words, 1, trace.words.length));
            case HASH_READ, INDEX_SCAN -> op.customRead(trace.words, trace.keyAt);
            default -> op.custom(trace.words, trace.keyAt);
        }
        return true;
    }

    /** More commands come as long as the reader has not dealt the lane's end. */
    @Override
    public boolean moreLater() {
        return !ended;
    }

    /** The reads of the keys a scan of YCSB's index listed, sent before the lane's next command. */
    @Override
    public boolean nextFollowUp(Op op) {
        ListedRead listed = pendingListedReads.poll();
        if (listed == null) {
            return false;
        }
        op.trace = listed.read();
        op.customRead(listed.read().words, listed.read().keyAt);
        op.intend(listed.sinceNanos());
        return true;
    }

    /**
     * A read of a key a scan listed, meant to go as soon as the scan's reply came: its response
     * time counts from then.
     */
    private record ListedRead(TraceOp read, long sinceNanos) {
    }

    @Override
    public RequestTimer judge(Op op) {
        TraceOp trace = op.trace;
        OperationStats operations = sides.get(op.windowSide()).operations;
        if (op.error() != null) {
            operations.failures.record(trace.command,
                    "line " + trace.line + ": " + TraceCommand.nameOf(trace.words) + ": " + op.error());
            doubt(trace);
        } else {
            operations.carried(trace.command, op.payloadBytes());
            if (trace.kind == TraceCommand.WRITE && op.replyType() == ReplyType.NIL) {
                // memcached's ADD over a value that is there, or REPLACE where none is: not stored.
                doubt(trace);
            }
            if (trace.kind == TraceCommand.INDEX_SCAN) {
                readListed(op, trace);
            } else if (trace.kind == TraceCommand.HASH_READ) {
                checks.tally(trace.checks() ? RecordCheck.expected(trace, op.replies(), inDoubt)
                        : RecordCheck.listed(trace, op.replies()));
            } else if (trace.checks()) {
                check(op, trace);
            }
        }
        return operations.timer(trace.command);
    }

    /**
     * A write or delete that failed, or got no reply, may or may not have happened: its keys are
     * not judged from now on.
     */
    private void doubt(TraceOp trace) {
        long[] written = trace.writtenIds();
        if (written != null) {
            for (long id : written) {
                inDoubt.add(id);
            }
        }
        if (trace.deletedIds != null) {
            for (long id : trace.deletedIds) {
                inDoubt.add(id);
            }
        }
        if (trace.kind == TraceCommand.DELETE) {
            for (int at = 1; at < trace.words.length; at++) {
                inDoubt.add(TraceKeys.id(trace.words, at));
            }
        }
    }

    /**
     * Queues a read of each key a scan of YCSB's index listed, as YCSB's Redis binding reads them
     * after its ZRANGEBYSCORE. Other lanes may write those keys meanwhile: the reads are checked
     * for being intact values of their fields, not for their versions ({@link RecordCheck#listed}).
     */
    private void readListed(Op op, TraceOp scan) {
        for (byte[] key : op.replies()) {
            byte[][] words = scan.perKeyRead.clone();
            words[1] = key;
            pendingListedReads.add(new ListedRead(new TraceOp(scan.line, TraceCommand.HASH_READ, scan.perKeyRow, words,
                    1, -1), op.completedNanos()));
            checks.listedReads.increment();
        }
    }

    private void check(Op op, TraceOp trace) {
        List<byte[]> values = trace.kind == TraceCommand.READ_MANY ? op.replies() : null;
        for (int i = 0; i < trace.checkIds.length; i++) {
            byte[] value = values == null ? op.reply() : values.get(i);
            long id = trace.checkIds[i];
            long expected = trace.expected[i];
            if (expected == TraceOp.NOT_JUDGED || inDoubt.contains(id)) {
                checks.notJudged.increment();
            } else if (expected == TraceOp.ABSENT) {
                if (value == null) {
                    checks.intact.increment();
                } else {
                    checks.mismatches.add(trace.words[i + 1], Verdict.STALE, value, "line " + trace.line
                            + ": deleted, yet read");
                }
            } else {
                Verdict verdict = TraceValues.check(id, expected & ~TraceOp.EXPIRES, value);
                if (verdict == Verdict.MATCH) {
                    checks.intact.increment();
                } else if (verdict == Verdict.MISSING && (expected & TraceOp.EXPIRES) != 0) {
                    checks.missesWithTtl.increment();
                } else {
                    checks.mismatches.add(trace.words[i + 1], verdict, value, "line " + trace.line);
                }
            }
        }
    }

    @Override
    public Schedule schedule(Schedule planned, long startNanos) {
        this.startNanos = startNanos;
        return speed > 0 ? new TraceTimes(planned) : planned;
    }

    /** When {@code trace} is due at the trace's times over the speed; {@link Long#MAX_VALUE} for the end. */
    private long dueOf(TraceOp trace) {
        return trace == TraceOp.END || speed <= 0 ? Long.MAX_VALUE : startNanos + (long) (trace.offsetNanos / speed);
    }

    /**
     * Due at the trace's times over the speed: the lane's next command's time once the reader has
     * dealt it; until then, a moment from now, to look again.
     */
    private final class TraceTimes implements Schedule {

        /** The plan's closed loop, whose due time is the clock's now. */
        private final Schedule now;

        TraceTimes(Schedule now) {
            this.now = now;
        }

        @Override
        public boolean paced() {
            return true;
        }

        @Override
        public long due() {
            TraceOp trace = peek();
            return trace == null ? now.due() + NOT_DEALT_RETRY_NANOS : dueOf(trace);
        }

        /** The due time of the command {@link #nextScheduled} just took. */
        @Override
        public long take() {
            return takenDue;
        }

        @Override
        public long skipDueBefore(long deadlineNanos) {
            return 0;
        }
    }
}
