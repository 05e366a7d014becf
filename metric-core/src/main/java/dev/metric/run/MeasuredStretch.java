package dev.metric.run;

import dev.metric.breakdown.CommandStats;
import dev.metric.engine.DriveResult;
import dev.metric.record.IntervalLog;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The measured stretch of a mode with a row per kind of request ({@link OperationStats}): the
 * server's counters read around it, the process's CPU over it, each kind's latencies in the
 * interval log and a progress line every interval, the same for every such mode.
 *
 * @param name     what the progress line starts with: the mode's name
 * @param logTag   what each kind's tag in the interval log starts with, its position after it
 * @param counts   counts the interval log serves beside the errors, by name
 * @param progress what the progress line ends with, after the errors; empty for nothing
 */
public record MeasuredStretch(String name, String logTag, Map<String, LongSupplier> counts,
                              Supplier<String> progress) {

    /** The drive the stretch measures. */
    @FunctionalInterface
    public interface Drive {
        DriveResult run() throws InterruptedException;
    }

    /**
     * What the stretch measured beside its stats.
     *
     * @param drive        the drive's own outcome
     * @param serverBefore the server's command counters where it began; null when they are not
     *                     comparable with those after (the server restarted, or could not be asked)
     * @param serverAfter  the counters where it ended; null as {@code serverBefore}
     * @param cpuNanos     this process's CPU time over it, -1 when unknown
     */
    public record Outcome(DriveResult drive, CommandStats serverBefore, CommandStats serverAfter, long cpuNanos) {

        /** This process's CPU time per operation in microseconds; -1 when unknown or nothing was sent. */
        public double cpuMicrosPer(long operations) {
            return cpuNanos < 0 || operations == 0 ? -1 : cpuNanos / 1e3 / operations;
        }
    }

    /** Runs {@code drive}, recording into {@code stats}, as this stretch. */
    public Outcome measure(TargetAdmin admin, RunContext context, OperationStats stats,
                           Duration progressInterval, Drive drive) throws InterruptedException {
        Map<String, LongSupplier> logged = new LinkedHashMap<>();
        logged.put(IntervalLog.ERRORS, stats.failures::total);
        logged.putAll(counts);
        ServerInfo before = ServerInfos.latest(admin);
        long cpuBefore = ProcessCpu.nanos();
        DriveResult result;
        try (LoggedIntervals log = LoggedIntervals.start(context.log(), stats.logTags(logTag), logged);
             ProgressTicker ticker = ProgressTicker.every(progressInterval, new Line(stats, context))) {
            result = drive.run();
        }
        long cpuAfter = ProcessCpu.nanos();
        ServerInfo after = ServerInfos.latest(admin);
        boolean counted = ServerInfo.sameRun(before, after);
        return new Outcome(result, counted ? CommandStats.of(before) : null, counted ? CommandStats.of(after) : null,
                cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore);
    }

    /** Every interval: requests per second, p50 and p99 of response time, errors, and the mode's own words. */
    private final class Line implements Runnable {

        private final OperationStats stats;
        private final RunContext context;
        private long lastNanos = System.nanoTime();

        Line(OperationStats stats, RunContext context) {
            this.stats = stats;
            this.context = context;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            String more = progress.get();
            context.progress().accept(name + ": " + stats.progressLine(seconds) + (more.isEmpty() ? "" : ", " + more));
        }
    }
}
