package dev.metric.run;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.engine.Workload;
import dev.metric.record.RequestTimer;
import dev.metric.workload.DataSet;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import java.util.function.IntSupplier;

/**
 * One lane of mode1's reads: a given number of GETs of the keys its key order names (drawn
 * uniformly at random, or the lane's share of a shuffled order of every key), each value checked
 * byte for byte against the regenerated original.
 */
final class ReadWorkload implements Workload<ReadWorkload.Read> {

    /** A GET and the key index it read. */
    static final class Read extends Request {
        int index;

        Read(Completion owner) {
            super(owner);
        }
    }

    private final DataSet dataSet;
    private final IntSupplier keyOrder;
    private final ReadStats stats;
    private final ValueVerifier verifier;
    private long remaining;

    /** @param keyOrder gives the index of the next key to read, {@code reads} times */
    ReadWorkload(DataSet dataSet, IntSupplier keyOrder, long reads, ReadStats stats) {
        this.dataSet = dataSet;
        this.keyOrder = keyOrder;
        this.remaining = reads;
        this.stats = stats;
        this.verifier = new ValueVerifier(dataSet);
    }

    @Override
    public Read newRequest(Completion owner) {
        return new Read(owner);
    }

    @Override
    public boolean nextScheduled(Read read) {
        if (remaining == 0) {
            return false;
        }
        remaining--;
        read.index = keyOrder.getAsInt();
        read.get(dataSet.key(read.index));
        return true;
    }

    @Override
    public boolean nextFollowUp(Read read) {
        return false;
    }

    @Override
    public RequestTimer judge(Read read) {
        if (read.error() != null) {
            stats.error("GET: " + read.error());
        } else {
            stats.payloadBytes.add(read.payloadBytes());
            byte[] value = read.reply();
            Verdict verdict = verifier.check(read.index, value);
            if (verdict != Verdict.MATCH) {
                stats.mismatches.add(read.key(), verdict, dataSet.valueLength(read.index), value,
                        verifier.firstDifference());
            }
        }
        return stats.timer;
    }
}
