package dev.metric.run;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.engine.ParallelWorkers;
import dev.metric.pacing.NanoClock;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencySummary;
import dev.metric.workload.DataSet;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Reads keys chosen uniformly at random over the whole key space from N lanes through the client
 * under test, closed loop, and checks every value byte for byte against the regenerated original.
 * With one read in flight per lane, each lane is a thread that borrows a connection per read, as
 * an application does; with several, reads are kept in flight on one connection.
 *
 * <p>Warm-up reads run first, with the same lanes and checks, and are left out of the figures;
 * the measured reads begin once the JIT compiler has settled. Each lane's key sequence derives
 * from the seed, so a run can be repeated exactly.
 */
final class VerifyPhase {

    private static final long KEY_CHOICE_SALT = 0x7665726966790000L;

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final int threads;
    private final int inflight;
    private final Duration commandTimeout;
    private final NanoClock clock;
    private final IntervalLog log;
    private final ServerWatch watch;

    /**
     * @param inflight reads each lane keeps outstanding
     * @param watch    told of every read's outcome; when it asks to stop, the reads end
     */
    VerifyPhase(KeyValueClient client, DataSet dataSet, int threads, int inflight, Duration commandTimeout,
                NanoClock clock, IntervalLog log, ServerWatch watch) {
        this.client = client;
        this.dataSet = dataSet;
        this.threads = threads;
        this.inflight = inflight;
        this.commandTimeout = commandTimeout;
        this.clock = clock;
        this.log = log;
        this.watch = watch;
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

        // The warm-up runs as two drives, so that the end of a drive (which throws away compiled
        // code that never saw one) comes before the measured reads, not in them; see JitSettle.
        ReadStats warmup = new ReadStats();
        long warmupNanos = 0;
        long firstHalf = warmupReads / 2;
        for (long part : new long[] {firstHalf, warmupReads - firstHalf}) {
            if (part > 0) {
                warmupNanos += drive(warmup, keyChoices, part, "metric-warmup").elapsedNanos();
            }
        }
        JitSettle.await();
        atMeasureStart.run();
        ReadStats measured = new ReadStats();
        long cpuBefore = ProcessCpu.nanos();
        DriveResult drive;
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("get", measured.timer.response()));
             ProgressTicker ticker = ProgressTicker.every(progressInterval,
                     new IntervalLine(measured, progress, reads))) {
            drive = drive(measured, keyChoices, reads, "metric-verify");
        }
        long cpuAfter = ProcessCpu.nanos();

        Histogram response = measured.timer.response().total();
        long recorded = response.getTotalCount();
        double seconds = drive.elapsedNanos() / 1e9;
        double cpuMicrosPerRead = cpuBefore < 0 || recorded == 0 ? -1 : (cpuAfter - cpuBefore) / 1e3 / recorded;
        return new VerifyResult(threads, recorded, seconds, seconds > 0 ? recorded / seconds : 0,
                LatencySummary.of(response), LatencySummary.of(measured.timer.service().total()),
                LatencySummary.of(drive.connectionWaitNanos()), warmupReads, warmupNanos / 1e9,
                warmup.errors.sum() + measured.errors.sum(), firstOf(warmup, measured),
                warmup.mismatches.count() + measured.mismatches.count(), measured.mismatches.count() > 0
                        ? measured.mismatches.first() : warmup.mismatches.first(), cpuMicrosPerRead);
    }

    private DriveResult drive(ReadStats stats, SplittableRandom[] keyChoices, long reads, String name)
            throws InterruptedException {
        DrivePlan plan = new DrivePlan(threads, inflight, false, 0, null, commandTimeout);
        int keyCount = dataSet.keyCount();
        return Engine.drive(client, plan, clock, watch, lane -> new ReadWorkload(dataSet,
                () -> keyChoices[lane].nextInt(keyCount), ParallelWorkers.share(reads, threads, lane), stats), name);
    }

    private static String firstOf(ReadStats warmup, ReadStats measured) {
        return warmup.firstError.get() != null ? warmup.firstError.get() : measured.firstError.get();
    }

    /** Prints the rate and p95 of the reads since the previous line. */
    private static final class IntervalLine implements Runnable {

        private final ReadStats stats;
        private final Consumer<String> progress;
        private final long reads;
        private long lastNanos = System.nanoTime();
        private long readsSoFar;

        IntervalLine(ReadStats stats, Consumer<String> progress, long reads) {
            this.stats = stats;
            this.progress = progress;
            this.reads = reads;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            Histogram interval = stats.progress.takeInterval();
            long count = interval.getTotalCount();
            readsSoFar += count;
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            PhaseProgress.update(progress, (double) readsSoFar / reads, String.format(
                    "verify: %,d reads, %,.0f rps, p95 %.3f ms (last %.0f s), %,d mismatches, %,d errors",
                    readsSoFar, count / seconds, interval.getValueAtPercentile(95.0) / 1e6, seconds,
                    stats.mismatches.count(), stats.errors.sum()));
        }
    }
}
