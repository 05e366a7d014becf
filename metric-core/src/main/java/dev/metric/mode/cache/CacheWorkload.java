package dev.metric.mode.cache;

import dev.metric.client.Completion;
import dev.metric.config.ReadFrom;
import dev.metric.engine.Workload;
import dev.metric.record.RequestTimer;
import dev.metric.result.OpKind;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyChooser;
import dev.metric.workload.StructureCheck;
import dev.metric.workload.Structures;
import dev.metric.workload.TtlRange;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One lane of mode2 traffic: GETs and SETEXs on keys its chooser picks, and after every miss a
 * refill SETEX of that key, sent at once outside the schedule as a cache-aside application does.
 * With {@code --mget}, each read is an MGET of several keys the chooser picks, and each key it
 * misses is refilled the same way.
 * Every hit is verified: an intact version of its own key, which needs no memory of what was
 * written. Keys holding hashes, lists or sorted sets are read whole (HGETALL, LRANGE, ZRANGE) and
 * rewritten whole with their TTL by {@linkplain Structures#writeCommand one script}; a hit is
 * intact when every element is, all of one version of the key. Writes take their versions from
 * the {@link KeyLedger} and tell it their outcome, and every read is also judged by it: under
 * {@code --strict}, lost, stale or expired. Under {@code --wait}, each write that succeeded (or the
 * share of them {@code --wait-ratio} draws) is followed at once by a WAIT on its connection, which
 * the lane keeps for the whole drive.
 */
final class CacheWorkload implements Workload<Operation> {

    /** The figures of each side of the drive's measured window, by {@link dev.metric.engine.MeasuredWindow}'s sides. */
    private final TrafficStats[] sides;
    /** The side of the request being judged: where its counts go. */
    private TrafficStats stats;
    private final DataSet dataSet;
    private final VersionedValues values;
    /** mode1's values, to tell a failure that is a mode1 run's data. */
    private final ValueVerifier mode1Values;
    /** The hashes, lists or sorted sets the keys hold; null for strings. */
    private final Structures structures;
    private final TtlRange ttl;
    private final double writeRatio;
    private final KeyChooser keys;
    private final SplittableRandom random;
    private final KeyLedger ledger;
    private final int keysPerRead;
    /** Where reads go: the primary, the replicas, or either. */
    private final ReadFrom readFrom;
    /**
     * Misses waiting for their refill: key index, when the miss was seen and when the read that
     * missed was meant to start (the refill counts with it), in arrival order.
     */
    private final int[] refillKeys;
    private final long[] refillSince;
    private final long[] refillOrigin;
    private int refillHead;
    private int refillCount;
    /** The WAIT that follows each write, or null; the command sent. */
    private final WriteWait wait;
    private final byte[][] waitCommand;
    /** Writes owed their WAIT: when each was meant to start (its WAIT is timed from then), in arrival order. */
    private final long[] waitSince;
    private final long[] waitOrigin;
    private int waitHead;
    private int waitCount;

    /**
     * @param window the most requests the lane has in flight, so (times the keys per read) the
     *               most refills it can owe
     * @param ledger what is kept of every key's writes, to judge its reads
     */
    CacheWorkload(TrafficStats[] sides, Mode2Config config, VersionedValues values, KeyChooser keys,
                  SplittableRandom random, int window, KeyLedger ledger) {
        this.sides = sides;
        this.dataSet = values.dataSet();
        this.values = values;
        this.mode1Values = new ValueVerifier(dataSet);
        this.structures = dataSet.spec().structured() ? new Structures(dataSet) : null;
        this.ttl = config.mix().ttl();
        this.writeRatio = config.mix().writeRatio();
        this.keys = keys;
        this.random = random;
        this.ledger = ledger;
        this.keysPerRead = config.mix().keysPerRead();
        this.readFrom = config.mix().readFrom();
        this.refillKeys = new int[window * keysPerRead];
        this.refillSince = new long[window * keysPerRead];
        this.refillOrigin = new long[window * keysPerRead];
        this.wait = config.mix().writeWait();
        this.waitCommand = wait == null ? null : wait.command();
        this.waitSince = new long[wait == null ? 0 : window];
        this.waitOrigin = new long[wait == null ? 0 : window];
    }

    /** Under {@code --wait}: a write's WAIT must go on the write's own connection. */
    @Override
    public boolean keepsConnection() {
        return wait != null;
    }

    @Override
    public Operation newRequest(Completion owner) {
        return new Operation(owner, keysPerRead);
    }

    @Override
    public boolean nextScheduled(Operation op) {
        int index = keys.next();
        op.keyIndex = index;
        if (writeRatio > 0 && random.nextDouble() < writeRatio) {
            op.plan = Operation.Plan.SETEX;
            write(op, index);
        } else {
            op.plan = Operation.Plan.GET;
            if (op.mgetKeys != null) {
                op.keyIndices[0] = index;
                op.mgetKeys[0] = dataSet.key(index);
                for (int i = 1; i < keysPerRead; i++) {
                    op.keyIndices[i] = keys.next();
                    op.mgetKeys[i] = dataSet.key(op.keyIndices[i]);
                }
                op.mget(op.mgetKeys);
            } else if (structures != null) {
                op.customRead(structures.readCommand(index), Structures.READ_KEY_AT);
            } else {
                op.get(dataSet.key(index));
            }
            op.toReplica(readFrom.nextToReplica(random));
        }
        return true;
    }

    /**
     * The WAIT of the oldest write still owed one, timed from that write's intended start; else the
     * refill of the oldest miss still owed one, intended to start when the miss was seen.
     */
    @Override
    public boolean nextFollowUp(Operation op) {
        if (waitCount > 0) {
            op.plan = Operation.Plan.WAIT;
            op.customRead(waitCommand, 0);
            op.intend(waitSince[waitHead]);
            op.countWith(waitOrigin[waitHead]);
            waitHead = (waitHead + 1) % waitSince.length;
            waitCount--;
            return true;
        }
        if (refillCount == 0) {
            return false;
        }
        int index = refillKeys[refillHead];
        long since = refillSince[refillHead];
        long origin = refillOrigin[refillHead];
        refillHead = (refillHead + 1) % refillKeys.length;
        refillCount--;
        op.keyIndex = index;
        op.plan = Operation.Plan.REFILL;
        write(op, index);
        op.intend(since);
        op.countWith(origin);
        return true;
    }

    /** Makes {@code op} a SETEX of a new version of the key, with the TTL that version derives. */
    private void write(Operation op, int index) {
        long version = ledger.beginWrite(index, random);
        op.version = version;
        long ttlSeconds = values.ttlSeconds(index, version, ttl);
        if (structures != null) {
            op.script(structures.writeCommand(index, version, ttlSeconds), Structures.WRITE_KEY_AT);
        } else {
            op.setex(dataSet.key(index), ttlSeconds, values.value(index, version));
        }
    }

    /** Counts and verifies the outcome, and owes a refill for a miss. */
    @Override
    public RequestTimer judge(Operation op) {
        stats = sides[op.windowSide()];
        boolean write = op.plan == Operation.Plan.SETEX || op.plan == Operation.Plan.REFILL;
        if (write) {
            ledger.endWrite(op.keyIndex, op.version, op.intendedNanos(), op.completedNanos(), op.error() == null);
        }
        if (op.error() != null) {
            stats.error(op.plan, op.error());
            return stats.timers.get(OpKind.FAILED);
        }
        if (write && wait != null && (wait.share() == 1 || random.nextDouble() < wait.share())) {
            int tail = (waitHead + waitCount) % waitSince.length;
            waitSince[tail] = op.intendedNanos();
            waitOrigin[tail] = op.countsFromNanos();
            waitCount++;
        }
        if (op.plan == Operation.Plan.GET && op.mgetKeys != null) {
            return judgeMget(op);
        }
        OpKind kind = switch (op.plan) {
            case SETEX -> OpKind.SETEX;
            case REFILL -> OpKind.REFILL;
            case WAIT -> OpKind.WAIT;
            case GET -> missed(op) ? OpKind.GET_MISS : OpKind.GET_HIT;
        };
        if (kind == OpKind.WAIT) {
            return judgeWait(op);
        }
        if (kind == OpKind.GET_MISS) {
            miss(op.keyIndex, op);
        } else if (kind == OpKind.GET_HIT) {
            stats.progressHits.increment();
            stats.keyHits.increment();
            verify(op);
        }
        stats.payloadBytes.get(kind).add(op.payloadBytes());
        return stats.timers.get(kind);
    }

    /** A WAIT's answer: how many replicas had the write; anything but a number is an error. */
    private RequestTimer judgeWait(Operation op) {
        List<byte[]> replies = op.replies();
        long replicas;
        try {
            replicas = replies == null || replies.size() != 1 ? -1
                    : Long.parseLong(new String(replies.get(0), StandardCharsets.US_ASCII));
        } catch (NumberFormatException notANumber) {
            replicas = -1;
        }
        if (replicas < 0) {
            stats.error(op.plan, "WAIT answered " + op.replyType() + ", not a count of replicas");
            return stats.timers.get(OpKind.FAILED);
        }
        stats.waitAnswered(replicas);
        return stats.timers.get(OpKind.WAIT);
    }

    /** Every key of an MGET: a value verified as a GET's would be, a missing key owed its refill. */
    private RequestTimer judgeMget(Operation op) {
        List<byte[]> replies = op.replies();
        if (replies.size() != keysPerRead) {
            stats.error(op.plan, "MGET: " + replies.size() + " values for " + keysPerRead + " keys");
            return stats.timers.get(OpKind.FAILED);
        }
        for (int i = 0; i < keysPerRead; i++) {
            byte[] value = replies.get(i);
            if (value == null) {
                miss(op.keyIndices[i], op);
            } else {
                stats.progressHits.increment();
                stats.keyHits.increment();
                verifyString(op.keyIndices[i], op.keys()[i], value, value.length, op);
            }
        }
        stats.payloadBytes.get(OpKind.MGET).add(op.payloadBytes());
        return stats.timers.get(OpKind.MGET);
    }

    /** A key a read found missing: judged by the ledger, and owed a refill. */
    private void miss(int index, Operation op) {
        stats.progressMisses.increment();
        stats.keyMisses.increment();
        if (op.toReplica()) {
            ledger.checkReplicaRead(index, -1, op.intendedNanos(), op.completedNanos());
        } else {
            ledger.checkRead(index, -1, op.intendedNanos(), op.completedNanos());
        }
        owe(index, op.completedNanos(), op.countsFromNanos());
    }

    private void owe(int index, long since, long origin) {
        int tail = (refillHead + refillCount) % refillKeys.length;
        refillKeys[tail] = index;
        refillSince[tail] = since;
        refillOrigin[tail] = origin;
        refillCount++;
    }

    /** A GET's nil, or the empty reply a missing key gives a structure's read. */
    private boolean missed(Operation op) {
        return structures == null ? op.replyBytes() == null : op.replies() == null || op.replies().isEmpty();
    }

    private void verify(Operation op) {
        if (structures != null) {
            StructureCheck check = structures.check(op.keyIndex, op.replies(), Structures.ANY_VERSION);
            if (!check.intact()) {
                stats.mismatches.add(op.key(), check);
            } else {
                ledger.checkRead(op.keyIndex, check.version(), op.intendedNanos(), op.completedNanos());
            }
            return;
        }
        verifyString(op.keyIndex, op.key(), op.replyBytes(), op.replyLength(), op);
    }

    /** Checks a value read from key {@code index}: the first {@code length} bytes of {@code bytes}. */
    private void verifyString(int index, byte[] key, byte[] bytes, int length, Operation op) {
        Verdict verdict = values.check(index, bytes, length);
        if (verdict != Verdict.MATCH) {
            // Rare: judged again from a copy of the value's own length.
            byte[] reply = Arrays.copyOf(bytes, length);
            stats.mismatches.add(key, verdict, values.expectedLength(index, reply), reply,
                    values.firstDifference(index, reply));
            if (mode1Values.check(index, reply) == Verdict.MATCH) {
                stats.mismatches.otherMode();
            }
        } else if (op.toReplica()) {
            ledger.checkReplicaValue(index, bytes, length, op.intendedNanos(), op.completedNanos());
        } else {
            ledger.checkValue(index, bytes, length, op.intendedNanos(), op.completedNanos());
        }
    }
}
