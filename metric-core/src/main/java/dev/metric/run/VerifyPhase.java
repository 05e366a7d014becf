package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.KeyValueClient;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.TimedClient;
import dev.metric.workload.DataSet;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Reads keys chosen uniformly at random over the whole key space from N threads through the
 * client under test, and checks every value byte for byte against the regenerated original.
 *
 * <p>Warm-up reads run first, with the same threads and checks, and are then dropped from the
 * histograms. Each thread's key sequence derives from the seed, so a run can be repeated exactly.
 */
final class VerifyPhase {

    private static final long KEY_CHOICE_SALT = 0x7665726966790000L;

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final int threads;

    private final LatencyRecorder latency = new LatencyRecorder();
    private final LatencyRecorder connectionWait = new LatencyRecorder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private final MismatchLog mismatches = new MismatchLog();

    private final WindowedReads windowed;
    private final IntervalLog log;
    private final ServerWatch watch;

    /**
     * @param inflight reads each thread keeps outstanding; with 1, each read borrows a connection,
     *                 waits for its reply and hands the connection back, as an application does
     * @param watch    told of every read's outcome; when it asks to stop, the reads end
     */
    VerifyPhase(KeyValueClient client, DataSet dataSet, int threads, int inflight, Duration commandTimeout,
                IntervalLog log, ServerWatch watch) {
        this.client = client;
        this.watch = watch;
        this.log = log;
        this.dataSet = dataSet;
        this.threads = threads;
        this.windowed = inflight == 1 ? null : new WindowedReads(client, dataSet, inflight, commandTimeout, latency,
                connectionWait, errors, firstError, mismatches, watch);
    }

    /**
     * @param atMeasureStart called once, after the warm-up and before the first measured read
     */
    VerifyResult run(long warmupReads, long reads, Duration progressInterval, Consumer<String> progress,
                     Runnable atMeasureStart) throws InterruptedException {
        SplittableRandom root = new SplittableRandom(dataSet.seed() ^ KEY_CHOICE_SALT);
        SplittableRandom[] keyChoices = new SplittableRandom[threads];
        for (int i = 0; i < threads; i++) {
            keyChoices[i] = root.split();
        }
        TimedClient timed = new TimedClient(client, latency, connectionWait);

        long warmupNanos = 0;
        if (warmupReads > 0) {
            warmupNanos = ParallelWorkers.run(threads, "metric-warmup",
                    worker -> read(timed, keyChoices[worker], ParallelWorkers.share(warmupReads, threads, worker)));
            latency.reset();
            connectionWait.reset();
        }

        atMeasureStart.run();
        long cpuBefore = ProcessCpu.nanos();
        long elapsed;
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("get", latency));
             ProgressTicker ticker = ProgressTicker.every(progressInterval, new IntervalLine(progress, reads))) {
            elapsed = ParallelWorkers.run(threads, "metric-verify",
                    worker -> read(timed, keyChoices[worker], ParallelWorkers.share(reads, threads, worker)));
        }
        long cpuAfter = ProcessCpu.nanos();

        Histogram total = latency.total();
        long measured = total.getTotalCount();
        double seconds = elapsed / 1e9;
        double cpuMicrosPerRead = cpuBefore < 0 || measured == 0 ? -1 : (cpuAfter - cpuBefore) / 1e3 / measured;
        return new VerifyResult(threads, measured, seconds, measured / seconds,
                LatencySummary.of(total), LatencySummary.of(connectionWait.total()),
                warmupReads, warmupNanos / 1e9, errors.sum(), firstError.get(),
                mismatches.count(), mismatches.first(), cpuMicrosPerRead);
    }

    private void read(TimedClient timed, SplittableRandom keyChoice, long count) throws InterruptedException {
        if (windowed != null) {
            windowed.read(keyChoice, count);
            return;
        }
        ValueVerifier verifier = new ValueVerifier(dataSet);
        int keyCount = dataSet.keyCount();
        for (long r = 0; r < count && !watch.stopRequested(); r++) {
            int index = keyChoice.nextInt(keyCount);
            byte[] key = dataSet.key(index);
            byte[] value;
            watch.sent();
            try {
                value = timed.get(key);
                watch.succeeded();
            } catch (ClientException e) {
                watch.failed(e.getMessage());
                errors.increment();
                firstError.compareAndSet(null, e.getMessage());
                continue;
            }
            Verdict verdict = verifier.check(index, value);
            if (verdict != Verdict.MATCH) {
                mismatches.add(key, verdict, dataSet.valueLength(index), value, verifier.firstDifference());
            }
        }
    }

    /** Prints the rate and p95 of the reads since the previous line. */
    private final class IntervalLine implements Runnable {

        private final Consumer<String> progress;
        private final long reads;
        private long lastNanos = System.nanoTime();
        private long readsSoFar;

        IntervalLine(Consumer<String> progress, long reads) {
            this.progress = progress;
            this.reads = reads;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            Histogram interval = latency.takeInterval();
            long count = interval.getTotalCount();
            readsSoFar += count;
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            PhaseProgress.update(progress, (double) readsSoFar / reads, String.format(
                    "verify: %,d reads, %,.0f rps, p95 %.3f ms (last %.0f s), %,d mismatches, %,d errors",
                    readsSoFar, count / seconds, interval.getValueAtPercentile(95.0) / 1e6, seconds,
                    mismatches.count(), errors.sum()));
        }
    }
}
