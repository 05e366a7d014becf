package dev.metric.mode.verify;

import dev.metric.engine.DriveResult;
import dev.metric.engine.ParallelWorkers;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencySummary;
import dev.metric.result.Rates;
import dev.metric.run.LoggedIntervals;
import dev.metric.run.MismatchLog;
import dev.metric.run.PhaseProgress;
import dev.metric.run.ProgressTicker;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyPermutation;
import dev.metric.workload.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Reads every key of the data set exactly once and checks each value byte for byte: the proof
 * that no key written was lost or damaged, which random reads with replacement cannot give
 * (1,048,576 of them over 3,072,000 keys leave about 70% of the keys unread).
 *
 * <p>The keys are read in the shuffled order of a {@link KeyPermutation}, so a server sees the
 * same scattered access as under random reads, and nothing but the permutation's few words is
 * kept: each lane takes a contiguous share of the positions. The reads run on the same
 * {@link ReadLanes} and checks as the measured reads, and their rate and latency are reported as
 * their own figures.
 */
final class EveryKeyCheck {

    private static final long ORDER_SALT = 0x657665727920L;

    private final ReadLanes lanes;
    private final IntervalLog log;

    /** @param log where its reads go interval by interval, tagged {@code every-key}, with their failures */
    EveryKeyCheck(ReadLanes lanes, IntervalLog log) {
        this.lanes = lanes;
        this.log = log;
    }

    EveryKeyResult run(Duration progressInterval, Consumer<String> progress) throws InterruptedException {
        DataSet dataSet = lanes.dataSet();
        int keys = dataSet.keyCount();
        KeyPermutation order = new KeyPermutation(dataSet.seed() ^ ORDER_SALT, keys);
        ReadStats stats = new ReadStats();
        DriveResult drive;
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("every-key", stats.timer.response()),
                Map.of(IntervalLog.ERRORS, stats.failures::total,
                        IntervalLog.VERIFICATION_FAILURES, stats.mismatches::count));
             ProgressTicker ticker = ProgressTicker.every(progressInterval, new ProgressLine(stats, keys, progress))) {
            drive = lanes.drive(stats,
                    lane -> positions(order, ParallelWorkers.shareStart(keys, lanes.lanes(), lane)),
                    lane -> ParallelWorkers.share(keys, lanes.lanes(), lane), "metric-every-key");
        }
        LatencySummary latency = stats.timer.response().summary();
        long failed = stats.failedKeys.sum();
        long checked = stats.keysAnswered.sum();
        MismatchLog found = stats.mismatches;
        double seconds = drive.elapsedNanos() / 1e9;
        return new EveryKeyResult(keys, checked, checked - found.count(), new EveryKeyResult.Losses(
                found.count(Verdict.MISSING), found.count(Verdict.WRONG_LENGTH), found.count(Verdict.WRONG_BYTES),
                found.count(Verdict.OTHER_KEY), found.otherModeCount()), failed, stats.failures.first(),
                found.first(), new EveryKeyResult.Pace(seconds, Rates.perSecond(latency.count(), seconds),
                Rates.megabytesPerSecond(stats.payloadBytes.sum(), seconds)), latency);
    }

    /** The key indices at positions {@code from}, {@code from + 1}, ... of the shuffled order. */
    private static IntSupplier positions(KeyPermutation order, long from) {
        long[] next = {from};
        return () -> (int) order.indexAt(next[0]++);
    }

    /** Prints how many keys were checked so far and what was found wrong. */
    private record ProgressLine(ReadStats stats, int keys, Consumer<String> progress) implements Runnable {
        @Override
        public void run() {
            long read = stats.keysAnswered.sum() + stats.failedKeys.sum();
            PhaseProgress.update(progress, (double) read / keys, String.format(PhaseProgress.NUMBERS,
                    "every key: %,d / %,d read once each, %,d not intact, %,d failed reads",
                    read, keys, stats.mismatches.count(), stats.failures.total()));
        }
    }
}
