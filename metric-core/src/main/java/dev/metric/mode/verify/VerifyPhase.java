package dev.metric.mode.verify;

import dev.metric.engine.DriveResult;
import dev.metric.engine.ParallelWorkers;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencySummary;
import dev.metric.result.Rates;
import dev.metric.run.Failures;
import dev.metric.run.JitSettle;
import dev.metric.run.LoggedIntervals;
import dev.metric.run.PhaseProgress;
import dev.metric.run.ProcessCpu;
import dev.metric.run.ProgressTicker;
import dev.metric.workload.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Reads keys chosen uniformly at random over the whole key space on mode1's {@link ReadLanes}
 * through the client under test, and checks every value byte for byte against the regenerated
 * original.
 *
 * <p>Warm-up reads run first, with the same lanes and checks, and are left out of the figures;
 * the measured reads begin once the JIT compiler has settled. Each lane's key sequence derives
 * from the seed, so a run can be repeated exactly.
 */
final class VerifyPhase {

    private static final long KEY_CHOICE_SALT = 0x7665726966790000L;

    private final ReadLanes lanes;
    private final IntervalLog log;

    VerifyPhase(ReadLanes lanes, IntervalLog log) {
        this.lanes = lanes;
        this.log = log;
    }

    /**
     * @param atMeasureStart called once, after the warm-up and before the first measured read
     */
    VerifyResult run(long warmupReads, long reads, Duration progressInterval, Consumer<String> progress,
                     Runnable atMeasureStart) throws InterruptedException {
        SplittableRandom root = new SplittableRandom(lanes.dataSet().seed() ^ KEY_CHOICE_SALT);
        SplittableRandom[] keyChoices = new SplittableRandom[lanes.lanes()];
        for (int i = 0; i < keyChoices.length; i++) {
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
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("get", measured.timer.response()),
                Map.of(IntervalLog.ERRORS, measured.failures::total,
                        IntervalLog.VERIFICATION_FAILURES, measured.mismatches::count));
             ProgressTicker ticker = ProgressTicker.every(progressInterval,
                     new IntervalLine(measured, progress, reads))) {
            drive = drive(measured, keyChoices, reads, "metric-verify");
        }
        long cpuAfter = ProcessCpu.nanos();

        LatencySummary latency = measured.timer.response().summary();
        long recorded = latency.count();
        double seconds = drive.elapsedNanos() / 1e9;
        double cpuMicrosPerRead = cpuBefore < 0 || recorded == 0 ? -1 : (cpuAfter - cpuBefore) / 1e3 / recorded;
        return new VerifyResult(lanes.threads(), new VerifyResult.Reads(recorded, seconds,
                Rates.perSecond(recorded, seconds), Rates.megabytesPerSecond(measured.payloadBytes.sum(), seconds)),
                latency, measured.timer.service().summary(), LatencySummary.of(drive.connectionWaitNanos()),
                new VerifyResult.Warmup(warmupReads, warmupNanos / 1e9),
                new VerifyResult.Failures(warmup.failures.total() + measured.failures.total(),
                        Failures.firstOf(warmup.failures, measured.failures),
                        warmup.mismatches.count() + measured.mismatches.count(),
                        measured.mismatches.count() > 0 ? measured.mismatches.first() : warmup.mismatches.first(),
                        warmup.mismatches.otherModeCount() + measured.mismatches.otherModeCount(),
                        warmup.mismatches.count(Verdict.MISSING) + measured.mismatches.count(Verdict.MISSING)),
                cpuMicrosPerRead);
    }

    private DriveResult drive(ReadStats stats, SplittableRandom[] keyChoices, long reads, String name)
            throws InterruptedException {
        int keyCount = lanes.dataSet().keyCount();
        return lanes.drive(stats, lane -> () -> keyChoices[lane].nextInt(keyCount),
                lane -> ParallelWorkers.share(reads, keyChoices.length, lane) * lanes.keysPerRead(), name);
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
            PhaseProgress.update(progress, (double) readsSoFar / reads, String.format(PhaseProgress.NUMBERS,
                    "verify: %,d reads, %,.0f rps, p95 %.3f ms (last %.0f s), %,d mismatches, %,d errors",
                    readsSoFar, count / seconds, interval.getValueAtPercentile(95.0) / 1e6, seconds,
                    stats.mismatches.count(), stats.failures.total()));
        }
    }
}
