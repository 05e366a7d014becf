package dev.metric.breakdown;

import dev.metric.client.CannedReply;
import dev.metric.client.ClientLibrary;
import dev.metric.client.Clients;
import dev.metric.client.WireCodec;
import dev.metric.workload.DataSet;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * Measures a run's {@link ClientCost} before the run, in half a second: the library's encoder and
 * parser over a sample of the run's own keys and values (the code the JMH suite's encode and
 * decode benchmarks measure).
 * Every part is warmed up first, then each is timed in batches; the median batch gives the figure, so a
 * moment's interference from the rest of the machine does not.
 */
public final class ClientCostProbe {

    static final int SAMPLED_KEYS = 64;
    /** Bytes of values (and their canned replies) the sample may hold, so that large values fit a small heap. */
    private static final long SAMPLE_BYTES = 32L << 20;
    private static final int BATCH = 256;
    private static final long WARMUP_NANOS_PER_PART = 40_000_000;
    private static final long MEASURE_NANOS_PER_PART = 60_000_000;

    private final int sampled;
    private final byte[][] keys;
    private final byte[][] values;
    private final CannedReply[] replies;
    private final CannedReply ok = CannedReply.ok();
    /** Keeps every result alive, so that the JIT cannot drop the work that made it. */
    private long sink;

    private ClientCostProbe(DataSet dataSet, IntFunction<byte[]> valueOf) {
        long fits = SAMPLE_BYTES / (2L * dataSet.valueSizes().maxBytes());
        sampled = (int) Math.max(1, Math.min(SAMPLED_KEYS, Long.highestOneBit(fits)));
        keys = new byte[sampled][];
        values = new byte[sampled][];
        replies = new CannedReply[sampled];
        for (int i = 0; i < sampled; i++) {
            int index = (int) ((long) i * dataSet.keyCount() / sampled);
            keys[i] = dataSet.key(index);
            values[i] = valueOf.apply(index);
            replies[i] = CannedReply.bulk(values[i]);
        }
    }

    /**
     * Measures {@code library} on a sample of {@code dataSet}.
     *
     * @param valueOf    the value the run stores at each key index
     * @param ttlSeconds the TTL the run's writes carry (measured as SETEX), or 0 for plain SET
     */
    public static ClientCost measure(ClientLibrary library, DataSet dataSet, IntFunction<byte[]> valueOf,
                                     long ttlSeconds) {
        long start = System.nanoTime();
        ClientCostProbe probe = new ClientCostProbe(dataSet, valueOf);
        try (WireCodec codec = Clients.wireCodec(library)) {
            List<IntUnaryOperator> parts = List.of(
                    i -> codec.encodeGet(probe.keys[i]),
                    i -> codec.decodeBulk(probe.replies[i]).length,
                    ttlSeconds > 0
                            ? i -> codec.encodeSetex(probe.keys[i], ttlSeconds, probe.values[i])
                            : i -> codec.encodeSet(probe.keys[i], probe.values[i]),
                    i -> codec.decodeStatus(probe.ok).length());
            // Everything is compiled before anything is timed: a part timed while the JIT still
            // works on the next would carry some of its cost.
            for (IntUnaryOperator part : parts) {
                probe.run(part, WARMUP_NANOS_PER_PART);
            }
            double[] nanos = parts.stream().mapToDouble(probe::nanosPerOp).toArray();
            return new ClientCost(library.displayName(), ttlSeconds > 0 ? "SETEX" : "SET", nanos[0], nanos[1],
                    nanos[2], nanos[3], probe.sampled, (System.nanoTime() - start) / 1_000_000);
        }
    }

    private void run(IntUnaryOperator op, long nanos) {
        long end = System.nanoTime() + nanos;
        int i = 0;
        while (System.nanoTime() < end) {
            for (int b = 0; b < BATCH; b++) {
                sink += op.applyAsInt(i++ & (sampled - 1));
            }
        }
    }

    /** Nanoseconds per call of {@code op} (given a sample index, returning something to keep). */
    private double nanosPerOp(IntUnaryOperator op) {
        int i = 0;
        long[] batches = new long[4096];
        int measured = 0;
        long measureEnd = System.nanoTime() + MEASURE_NANOS_PER_PART;
        long now = System.nanoTime();
        while (now < measureEnd && measured < batches.length) {
            long batchStart = now;
            for (int b = 0; b < BATCH; b++) {
                sink += op.applyAsInt(i++ & (sampled - 1));
            }
            now = System.nanoTime();
            batches[measured++] = now - batchStart;
        }
        long[] taken = Arrays.copyOf(batches, measured);
        Arrays.sort(taken);
        return (double) taken[measured / 2] / BATCH;
    }
}
