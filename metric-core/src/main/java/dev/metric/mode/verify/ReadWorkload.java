package dev.metric.mode.verify;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.engine.Workload;
import dev.metric.record.RequestTimer;
import dev.metric.workload.DataSet;
import dev.metric.workload.StructureCheck;
import dev.metric.workload.Structures;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * One lane of mode1's reads: a given number of keys, those its key order names (drawn uniformly
 * at random, or the lane's share of a shuffled order of every key), read one GET per key or
 * {@code keysPerRead} at a time with MGET, each value checked byte for byte against the
 * regenerated original. Keys holding hashes, lists or sorted sets are read whole, one HGETALL,
 * LRANGE or ZRANGE per key, and every element is checked the same way.
 */
final class ReadWorkload implements Workload<ReadWorkload.Read> {

    /** A GET or an MGET, and the key indices it read. */
    static final class Read extends Request {
        final int[] indices;
        /** Reused for every full MGET of this request; null for GETs. */
        final byte[][] keys;
        int count;

        Read(Completion owner, int keysPerRead) {
            super(owner);
            this.indices = new int[keysPerRead];
            this.keys = keysPerRead > 1 ? new byte[keysPerRead][] : null;
        }
    }

    private final DataSet dataSet;
    private final IntSupplier keyOrder;
    private final int keysPerRead;
    private final ReadStats stats;
    private final ValueVerifier verifier;
    /** mode2's values, to tell a mismatch that is a mode2 run's data; null when values are too short for them. */
    private final VersionedValues mode2Values;
    /** The hashes, lists or sorted sets the keys hold; null for strings. */
    private final Structures structures;
    private long remaining;

    /**
     * @param keyOrder    gives the index of the next key to read, {@code keys} times
     * @param keysPerRead 1 for a GET per key, more for MGETs of that many keys; the last may have fewer
     */
    ReadWorkload(DataSet dataSet, IntSupplier keyOrder, long keys, int keysPerRead, ReadStats stats) {
        this.dataSet = dataSet;
        this.keyOrder = keyOrder;
        this.remaining = keys;
        this.keysPerRead = keysPerRead;
        this.stats = stats;
        this.verifier = new ValueVerifier(dataSet);
        this.mode2Values = VersionedValues.fitIn(dataSet.valueSizes()) ? new VersionedValues(dataSet) : null;
        this.structures = dataSet.spec().structured() ? new Structures(dataSet) : null;
    }

    @Override
    public Read newRequest(Completion owner) {
        return new Read(owner, keysPerRead);
    }

    @Override
    public boolean nextScheduled(Read read) {
        if (remaining == 0) {
            return false;
        }
        int count = (int) Math.min(keysPerRead, remaining);
        remaining -= count;
        read.count = count;
        for (int i = 0; i < count; i++) {
            read.indices[i] = keyOrder.getAsInt();
        }
        if (structures != null) {
            read.customRead(structures.readCommand(read.indices[0]), Structures.READ_KEY_AT);
            return true;
        }
        if (read.keys == null) {
            read.get(dataSet.key(read.indices[0]));
            return true;
        }
        byte[][] keys = count == read.keys.length ? read.keys : new byte[count][];
        for (int i = 0; i < count; i++) {
            keys[i] = dataSet.key(read.indices[i]);
        }
        read.mget(keys);
        return true;
    }

    @Override
    public boolean nextFollowUp(Read read) {
        return false;
    }

    /** A read's check is all its judging: it may run after the next read has gone out. */
    @Override
    public boolean judgesWithoutFollowUps() {
        return true;
    }

    @Override
    public RequestTimer judge(Read read) {
        if (read.error() != null) {
            stats.error(commandName(read) + ": " + read.error(), read.count);
            return stats.timer;
        }
        if (structures != null) {
            StructureCheck check = structures.check(read.indices[0], read.replies(), Mode1Runner.STRUCTURE_VERSION);
            if (!check.intact()) {
                stats.mismatches.add(read.key(), check);
            }
        } else if (read.keys() == null) {
            check(read.indices[0], read.key(), read.replyBytes(), read.replyLength());
        } else {
            List<byte[]> values = read.replies();
            if (values.size() != read.count) {
                stats.error("MGET: " + values.size() + " values for " + read.count + " keys", read.count);
                return stats.timer;
            }
            for (int i = 0; i < read.count; i++) {
                byte[] value = values.get(i);
                check(read.indices[i], read.keys()[i], value, value == null ? -1 : value.length);
            }
        }
        stats.keysAnswered.add(read.count);
        stats.payloadBytes.add(read.payloadBytes());
        return stats.timer;
    }

    /** Checks the value read from key {@code index}: the first {@code length} bytes of {@code bytes}, if any. */
    private void check(int index, byte[] key, byte[] bytes, int length) {
        Verdict verdict = verifier.check(index, bytes, length);
        if (verdict != Verdict.MATCH) {
            // Rare: judged again from a copy of the value's own length.
            byte[] value = bytes == null ? null : Arrays.copyOf(bytes, length);
            stats.mismatches.add(key, verdict, dataSet.valueLength(index), value, verifier.firstDifference());
            if (mode2Values != null && value != null && mode2Values.check(index, value) == Verdict.MATCH) {
                stats.mismatches.otherMode();
            }
        }
    }

    private String commandName(Read read) {
        return structures != null ? structures.type().readCommand() : read.command().name();
    }
}
