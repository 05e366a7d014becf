package dev.metric.mode.cache;

import dev.metric.client.Completion;
import dev.metric.engine.Workload;
import dev.metric.record.RequestTimer;
import dev.metric.result.OpKind;
import dev.metric.workload.KeyChooser;
import dev.metric.ycsb.YcsbRecords;
import dev.metric.ycsb.YcsbRedis;
import dev.metric.ycsb.YcsbWorkload;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One lane of mode2 running a YCSB core workload ({@code --workload ycsb-a..f}): each scheduled
 * operation is drawn in the workload's proportions and sent as YCSB's Redis binding sends it,
 * the commands after an operation's first sent as soon as the reply before them is in, outside
 * the schedule:
 *
 * <ul>
 *   <li>READ: {@code HGETALL key}, the record judged field by field ({@link YcsbRecords#check});</li>
 *   <li>UPDATE: {@code HMSET key fieldN value} of one field, drawn uniformly;</li>
 *   <li>INSERT: {@code HMSET} of every field of the next record, then {@code ZADD _indices};</li>
 *   <li>SCAN: {@code ZRANGEBYSCORE _indices} from a record's score, 1 to 100 records, uniformly,
 *       then a READ of each record it lists;</li>
 *   <li>READ-MODIFY-WRITE: a READ, then an UPDATE of the same record.</li>
 * </ul>
 *
 * <p>Records are drawn among the readable ones ({@link YcsbRun}) by the workload's distribution.
 * An operation of more than one command is recorded whole in its own row once its last reply is
 * in, and each of its commands in the row of inner commands; one that fails is recorded as failed
 * and sends nothing more. A record that a failed write may or may not have changed is no longer
 * judged.
 */
final class YcsbTraffic implements Workload<YcsbOp> {

    /** The figures of each side of the drive's measured window, by {@link dev.metric.engine.MeasuredWindow}'s sides. */
    private final TrafficStats[] sides;
    /** The side of the request being judged: where its counts go. */
    private TrafficStats stats;
    private final YcsbRun run;
    private final YcsbWorkload workload;
    private final KeyChooser ranks;
    private final SplittableRandom random;
    private final ArrayDeque<FollowUp> followUps = new ArrayDeque<>();

    /** A command owed after a reply: the {@code step} of {@code chain}'s operation, on a record. */
    private record FollowUp(YcsbOp.Step step, long record, byte[] key, YcsbOp.Chain chain, long sinceNanos) {
    }

    /** @param ranks draws ranks by the workload's distribution over the run's zipfian space */
    YcsbTraffic(TrafficStats[] sides, YcsbRun run, KeyChooser ranks, SplittableRandom random) {
        this.sides = sides;
        this.run = run;
        this.workload = run.workload();
        this.ranks = ranks;
        this.random = random;
    }

    @Override
    public YcsbOp newRequest(Completion owner) {
        return new YcsbOp(owner);
    }

    @Override
    public boolean nextScheduled(YcsbOp op) {
        switch (workload.operation(random.nextDouble())) {
            case READ -> read(op, OpKind.READ, chosen(), null, null);
            case UPDATE -> update(op, OpKind.UPDATE, chosen(), null, null);
            case INSERT -> {
                long record = run.inserted().begin();
                byte[] key = run.key(record);
                prepare(op, YcsbOp.Step.WRITE_FIELDS, OpKind.INSERT, record, key, new YcsbOp.Chain(OpKind.INSERT));
                op.custom(YcsbRecords.write(key, -1, version()), 1);
            }
            case SCAN -> {
                long record = chosen();
                byte[] key = run.key(record);
                prepare(op, YcsbOp.Step.INDEX_RANGE, OpKind.SCAN, record, key, new YcsbOp.Chain(OpKind.SCAN));
                byte[] count = Integer.toString(1 + random.nextInt(YcsbWorkload.MAX_SCAN_LENGTH))
                        .getBytes(StandardCharsets.US_ASCII);
                op.customRead(YcsbRedis.indexRange(run.indexKey(), key, count), 1);
            }
            case READ_MODIFY_WRITE -> read(op, OpKind.READ_MODIFY_WRITE, chosen(), null,
                    new YcsbOp.Chain(OpKind.READ_MODIFY_WRITE));
        }
        return true;
    }

    @Override
    public boolean nextFollowUp(YcsbOp op) {
        FollowUp next = followUps.poll();
        if (next == null) {
            return false;
        }
        switch (next.step()) {
            case READ_RECORD -> read(op, next.chain().kind, next.record(), next.key(), next.chain());
            case WRITE_FIELDS -> update(op, next.chain().kind, next.record(), next.key(), next.chain());
            case INDEX_ADD -> {
                prepare(op, YcsbOp.Step.INDEX_ADD, next.chain().kind, next.record(), next.key(), next.chain());
                op.custom(YcsbRedis.indexAdd(run.indexKey(), next.key()), 3);
            }
            case INDEX_RANGE -> throw new IllegalStateException("a scan is never a follow-up");
        }
        op.intend(next.sinceNanos());
        op.countWith(next.chain().intendedNanos);
        return true;
    }

    /** A record drawn by the workload's distribution among those that may be read. */
    private long chosen() {
        return workload.chooseRecord(ranks, run.inserted().readable());
    }

    private void read(YcsbOp op, OpKind kind, long record, byte[] key, YcsbOp.Chain chain) {
        byte[] recordKey = key != null ? key : run.key(record);
        prepare(op, YcsbOp.Step.READ_RECORD, kind, record, recordKey, chain);
        op.customRead(new byte[][] {YcsbRedis.HGETALL, recordKey}, 1);
    }

    private void update(YcsbOp op, OpKind kind, long record, byte[] key, YcsbOp.Chain chain) {
        byte[] recordKey = key != null ? key : run.key(record);
        prepare(op, YcsbOp.Step.WRITE_FIELDS, kind, record, recordKey, chain);
        op.custom(YcsbRecords.write(recordKey, random.nextInt(YcsbWorkload.FIELD_COUNT), version()), 1);
    }

    private static void prepare(YcsbOp op, YcsbOp.Step step, OpKind kind, long record, byte[] key,
                                YcsbOp.Chain chain) {
        op.step = step;
        op.kind = kind;
        op.record = record;
        op.recordKey = key;
        op.chain = chain;
    }

    /** Versions are random: any intact one passes, and two writes of a field differ. */
    private long version() {
        return random.nextLong() & Long.MAX_VALUE;
    }

    /**
     * Judges the reply, owes the commands that follow it in its operation, and names the row it
     * is recorded in: its operation's for an operation of one command, else the inner commands'
     * (the operation is recorded whole with its last reply), or the failed ones'.
     */
    @Override
    public RequestTimer judge(YcsbOp op) {
        stats = sides[op.windowSide()];
        YcsbOp.Chain chain = op.chain;
        if (chain != null) {
            chain.startFrom(op);
            chain.pending--;
        }
        if (op.error() != null) {
            stats.ycsbError(op.step.writes(), op.kind.label() + ": " + op.step.command() + " " + text(op.recordKey)
                    + ": " + op.error());
            if (op.step.writes()) {
                run.doubt(op.recordKey);
            }
            if (op.kind == OpKind.INSERT) {
                // Its record stays unjudged; later records must become readable all the same.
                run.inserted().end(op.record);
            }
            if (chain != null) {
                chain.failed = true;
            }
            return stats.timers.get(OpKind.FAILED);
        }
        // An operation's bytes are those of all its commands.
        stats.payloadBytes.get(op.kind).add(op.payloadBytes());
        switch (op.step) {
            case READ_RECORD -> {
                judgeRecord(op);
                if (op.kind == OpKind.READ_MODIFY_WRITE && !chain.failed) {
                    owe(YcsbOp.Step.WRITE_FIELDS, op, op.record, op.recordKey);
                }
            }
            case WRITE_FIELDS -> {
                if (op.kind == OpKind.INSERT) {
                    owe(YcsbOp.Step.INDEX_ADD, op, op.record, op.recordKey);
                }
            }
            case INDEX_ADD -> run.inserted().end(op.record);
            case INDEX_RANGE -> {
                List<byte[]> listed = op.replies();
                for (byte[] key : listed) {
                    owe(YcsbOp.Step.READ_RECORD, op, -1, key);
                }
            }
        }
        if (chain == null) {
            return stats.timers.get(op.kind);
        }
        if (chain.pending == 0 && !chain.failed) {
            stats.timers.get(chain.kind).record(chain.intendedNanos, chain.sendableNanos, chain.onWireNanos,
                    op.completedNanos());
        }
        return stats.timers.get(OpKind.YCSB_COMMAND);
    }

    /** Owes the next command of {@code op}'s operation, meant to go as soon as {@code op}'s reply came. */
    private void owe(YcsbOp.Step step, YcsbOp op, long record, byte[] key) {
        op.chain.pending++;
        followUps.add(new FollowUp(step, record, key, op.chain, op.completedNanos()));
    }

    /** A read of a record: every field there and intact, unless a failed write left the record in doubt. */
    private void judgeRecord(YcsbOp op) {
        List<byte[]> reply = op.replies();
        if (reply == null || reply.isEmpty()) {
            stats.keyMisses.increment();
            stats.progressMisses.increment();
        } else {
            stats.keyHits.increment();
            stats.progressHits.increment();
        }
        if (run.inDoubt(op.recordKey)) {
            return;
        }
        YcsbRecords.Judged judged = YcsbRecords.check(op.recordKey, reply);
        if (!judged.intact()) {
            stats.mismatches.add(op.recordKey, judged.verdict(), judged.value(), op.kind.label() + ": "
                    + judged.where());
        }
    }

    private static String text(byte[] key) {
        return new String(key, StandardCharsets.ISO_8859_1);
    }
}
