package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.workload.DataSet;
import dev.metric.workload.TtlRange;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Writes every key of a data set: each thread takes a contiguous share of the key indices and
 * sends them in pipelined batches of SETs, retrying what the server refuses with bounded backoff.
 *
 * <p>Keys and values are allocated per batch, once per key written: client libraries take exact
 * arrays, and Lettuce keeps them until a command is encoded, so buffers cannot be reused here.
 */
final class LoadPhase {

    private static final long TTL_SALT = 0x74746C5F6C6F6164L;
    private static final long WORKER_GAMMA = 0x9E3779B97F4A7C15L;

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final IntFunction<byte[]> values;
    private final TtlRange ttl;
    private final int threads;
    private final int pipeline;
    private final IntervalLog log;
    private final ServerWatch watch;

    private final LongAdder keysWritten = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    private final LongAdder errorReplies = new LongAdder();
    private final LongAdder connectionErrors = new LongAdder();
    private final LongAdder keysNotWritten = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    /** Each batch from taking a connection to handing it back, for the latency breakdown. */
    private final LatencyRecorder batchLatency = new LatencyRecorder();
    private final LongAdder setsInTimedBatches = new LongAdder();

    /**
     * @param values the value written for each key index
     * @param ttl    null to write without expiry, else each key gets SETEX with a TTL drawn from it
     * @param log    where batch latencies go interval by interval, tagged {@code set-batch}
     * @param watch  told of every batch's outcome; when it asks to stop, the load ends after the batch
     */
    LoadPhase(KeyValueClient client, DataSet dataSet, IntFunction<byte[]> values, TtlRange ttl,
              int threads, int pipeline, IntervalLog log, ServerWatch watch) {
        this.log = log;
        this.watch = watch;
        this.client = client;
        this.dataSet = dataSet;
        this.values = values;
        this.ttl = ttl;
        this.threads = threads;
        this.pipeline = pipeline;
    }

    LoadResult run(Duration progressInterval, Consumer<String> progress) throws InterruptedException {
        int total = dataSet.keyCount();
        long startNanos = System.nanoTime();
        long elapsed;
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("set-batch", batchLatency));
             ProgressTicker ticker = ProgressTicker.every(progressInterval,
                     () -> PhaseProgress.update(progress, (double) done() / total,
                             progressLine(total, System.nanoTime() - startNanos)))) {
            elapsed = ParallelWorkers.run(threads, "metric-load", this::loadShare);
        }
        double seconds = elapsed / 1e9;
        long keys = keysWritten.sum();
        long bytes = bytesWritten.sum();
        LatencySummary batches = LatencySummary.of(batchLatency.total());
        double setsPerBatch = batches.count() == 0 ? 0 : (double) setsInTimedBatches.sum() / batches.count();
        return new LoadResult(keys, bytes, seconds, keys / seconds, bytes / 1e6 / seconds,
                errorReplies.sum(), connectionErrors.sum(), keysNotWritten.sum(), firstError.get(),
                batches, setsPerBatch);
    }

    private long done() {
        return keysWritten.sum() + keysNotWritten.sum();
    }

    private String progressLine(int total, long elapsedNanos) {
        long done = done();
        double seconds = elapsedNanos / 1e9;
        double rate = done / seconds;
        String eta = rate > 0 ? Math.round((total - done) / rate) + " s" : "unknown";
        return String.format("load: %,d / %,d keys (%.0f%%), %,.0f keys/s, ETA %s, %,d errors retried",
                done, total, 100.0 * done / total, rate, eta, errorReplies.sum() + connectionErrors.sum());
    }

    private void loadShare(int worker) throws InterruptedException {
        int from = (int) ParallelWorkers.shareStart(dataSet.keyCount(), threads, worker);
        int to = from + (int) ParallelWorkers.share(dataSet.keyCount(), threads, worker);
        byte[][] keys = new byte[pipeline][];
        byte[][] batchValues = new byte[pipeline][];
        long[] ttlSeconds = ttl == null ? null : new long[pipeline];
        SplittableRandom ttlDraws = new SplittableRandom((dataSet.seed() ^ TTL_SALT) + WORKER_GAMMA * (worker + 1L));
        String[] replies = new String[pipeline];
        for (int next = from; next < to && !watch.stopRequested(); ) {
            int count = Math.min(pipeline, to - next);
            for (int i = 0; i < count; i++) {
                keys[i] = dataSet.key(next + i);
                batchValues[i] = values.apply(next + i);
                if (ttlSeconds != null) {
                    ttlSeconds[i] = ttl.draw(ttlDraws);
                }
            }
            writeWithRetries(keys, batchValues, ttlSeconds, replies, count);
            next += count;
        }
    }

    /** Writes one batch; items the server refused are retried until they succeed or time runs out. */
    private void writeWithRetries(byte[][] keys, byte[][] values, long[] ttlSeconds, String[] replies, int count)
            throws InterruptedException {
        Backoff backoff = new Backoff();
        int pending = count;
        while (pending > 0) {
            long began = System.nanoTime();
            int sent = pending;
            watch.sent();
            try (Lease lease = client.lease()) {
                lease.setAll(keys, values, ttlSeconds, pending, replies);
                pending = keepFailed(keys, values, ttlSeconds, replies, pending);
                watch.succeeded();
            } catch (ClientException e) {
                watch.failed(e.getMessage());
                connectionErrors.increment();
                firstError.compareAndSet(null, e.getMessage());
                sent = 0;
            }
            if (sent > 0) {
                batchLatency.record(System.nanoTime() - began);
                setsInTimedBatches.add(sent);
            }
            if (pending > 0) {
                if (backoff.exhausted() || watch.stopRequested()) {
                    keysNotWritten.add(pending);
                    return;
                }
                backoff.pause();
            }
        }
    }

    /** Counts the successes, moves the failed items to the front, and returns how many failed. */
    private int keepFailed(byte[][] keys, byte[][] values, long[] ttlSeconds, String[] replies, int count) {
        int failed = 0;
        for (int i = 0; i < count; i++) {
            if (replies[i] == null) {
                keysWritten.increment();
                bytesWritten.add(keys[i].length + values[i].length);
            } else {
                errorReplies.increment();
                firstError.compareAndSet(null, "error reply to SET: " + replies[i]);
                keys[failed] = keys[i];
                values[failed] = values[i];
                if (ttlSeconds != null) {
                    ttlSeconds[failed] = ttlSeconds[i];
                }
                failed++;
            }
        }
        return failed;
    }
}
