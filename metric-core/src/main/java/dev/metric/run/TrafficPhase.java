package dev.metric.run;

import dev.metric.client.KeyValueClient;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Pacer;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.ResponseTimer;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.VersionedValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Runs mode2 traffic from N workers for a fixed time, closed loop or at a target rate, and
 * summarises it. The warm-up, the measured phase and every search step are each one of these,
 * on the same open connections.
 */
final class TrafficPhase {

    private static final long MIX_SALT = 0x6D6F646532L;
    /** Time for the worker threads to start before the first operation is due. */
    private static final long LEAD_NANOS = 50_000_000;

    private final KeyValueClient client;
    private final Mode2Config config;
    private final VersionedValues values;
    private final KeyDistribution.Choosers choosers;
    private final NanoClock clock;
    private final SplittableRandom[] randoms;
    private final ServerWatch watch;

    TrafficPhase(KeyValueClient client, Mode2Config config, VersionedValues values, KeyDistribution.Choosers choosers,
                 NanoClock clock, ServerWatch watch) {
        this.client = client;
        this.watch = watch;
        this.config = config;
        this.values = values;
        this.choosers = choosers;
        this.clock = clock;
        SplittableRandom root = new SplittableRandom(config.seed() ^ MIX_SALT);
        this.randoms = new SplittableRandom[config.threads()];
        for (int i = 0; i < randoms.length; i++) {
            randoms[i] = root.split();
        }
    }

    /**
     * Runs for {@code length}; each worker keeps its random stream from one call to the next, so
     * that phases continue the seeded sequence instead of repeating it.
     *
     * @param targetOpsPerSec 0 for a closed loop
     * @param name            for progress lines and thread names
     * @param log             where the phase's latencies go interval by interval, NONE for the warm-up
     */
    PhaseResult run(String name, Duration length, double targetOpsPerSec, Consumer<String> progress,
                    IntervalLog log) throws InterruptedException {
        TrafficStats stats = new TrafficStats();
        int threads = config.threads();
        long start = clock.nanoTime() + LEAD_NANOS;
        long deadline = start + length.toNanos();
        Mode2Worker[] workers = new Mode2Worker[threads];
        for (int w = 0; w < threads; w++) {
            Pacer pacer = targetOpsPerSec > 0
                    ? Pacer.fixedRate(clock, start, targetOpsPerSec, w, threads)
                    : Pacer.closedLoop(clock);
            workers[w] = new Mode2Worker(client, stats, config, values,
                    choosers.forWorker(w, threads, randoms[w]), randoms[w], pacer, clock, watch);
        }
        long cpuBefore = ProcessCpu.nanos();
        try (LoggedIntervals logged = LoggedIntervals.start(log, logTags(stats, targetOpsPerSec > 0));
             ProgressTicker ticker = ProgressTicker.every(config.progressInterval(), new IntervalLine(name, stats, length, progress))) {
            ParallelWorkers.run(threads, "metric-" + name, w -> workers[w].run(start, deadline));
        }
        long elapsed = clock.nanoTime() - start;
        long cpuAfter = ProcessCpu.nanos();
        return summarise(stats, targetOpsPerSec, elapsed, length, cpuBefore < 0 ? -1 : cpuAfter - cpuBefore);
    }

    /**
     * The interval log's tags: response time per kind ({@code get-hit}, {@code get-miss},
     * {@code setex}, {@code refill}), and service time too ({@code get-hit-service}...) under a
     * target rate, where the two differ.
     */
    private static Map<String, LatencyRecorder> logTags(TrafficStats stats, boolean paced) {
        Map<String, LatencyRecorder> tags = new LinkedHashMap<>();
        for (OpKind kind : OpKind.values()) {
            tags.put(kind.logTag(), stats.timers.get(kind).response());
        }
        if (paced) {
            for (OpKind kind : OpKind.values()) {
                tags.put(kind.logTag() + "-service", stats.timers.get(kind).service());
            }
        }
        return tags;
    }

    /**
     * Rates of replies are per second of the whole phase, the last replies included; the
     * achieved scheduled rate is per second of the phase's planned length, the stretch over which
     * operations were due, so that it compares with the target like for like.
     */
    private static PhaseResult summarise(TrafficStats stats, double targetOpsPerSec, long elapsedNanos,
                                         Duration length, long cpuNanos) {
        double seconds = elapsedNanos / 1e9;
        List<OpFigures> byKind = new ArrayList<>();
        Histogram allResponse = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
        Histogram allService = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
        for (OpKind kind : OpKind.values()) {
            ResponseTimer timer = stats.timers.get(kind);
            Histogram response = timer.response().total();
            Histogram service = timer.service().total();
            allResponse.add(response);
            allService.add(service);
            byKind.add(figures(kind.label(), response, service, seconds));
        }
        OpFigures all = figures("all", allResponse, allService, seconds);
        long hits = byKind.get(OpKind.GET_HIT.ordinal()).count();
        long misses = byKind.get(OpKind.GET_MISS.ordinal()).count();
        long scheduled = stats.scheduledCompleted.sum();
        double cpuMicrosPerOp = cpuNanos < 0 || all.count() == 0 ? -1 : cpuNanos / 1e3 / all.count();
        // A phase cut short by a stop was planned no longer than it ran.
        double plannedSeconds = Math.min(length.toNanos(), elapsedNanos) / 1e9;
        return new PhaseResult(targetOpsPerSec, seconds, scheduled, scheduled / plannedSeconds, List.copyOf(byKind), all,
                hits + misses == 0 ? Double.NaN : (double) hits / (hits + misses),
                LatencySummary.of(stats.connectionWait.total()), LatencySummary.of(stats.sendLateness.total()),
                stats.errors.get(Operation.Plan.GET).sum(), stats.errors.get(Operation.Plan.SETEX).sum(),
                stats.errors.get(Operation.Plan.REFILL).sum(), stats.firstError.get(),
                stats.mismatches.count(), stats.mismatches.first(), cpuMicrosPerOp, allResponse);
    }

    private static OpFigures figures(String kind, Histogram response, Histogram service, double seconds) {
        return new OpFigures(kind, response.getTotalCount(), response.getTotalCount() / seconds,
                LatencySummary.of(response), LatencySummary.of(service));
    }

    /** Every interval: operations per second, hit ratio, p50 and p99 of response time, errors. */
    private static final class IntervalLine implements Runnable {

        private final String name;
        private final TrafficStats stats;
        private final Consumer<String> progress;
        private final long startNanos = System.nanoTime();
        private final long lengthNanos;
        private long lastNanos = startNanos;

        IntervalLine(String name, TrafficStats stats, Duration length, Consumer<String> progress) {
            this.name = name;
            this.stats = stats;
            this.lengthNanos = length.toNanos();
            this.progress = progress;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            Histogram interval = stats.progress.takeInterval();
            long hits = stats.progressHits.sumThenReset();
            long misses = stats.progressMisses.sumThenReset();
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            PhaseProgress.update(progress, (double) (now - startNanos) / lengthNanos, String.format(Locale.ROOT,
                    "%s: %,.0f ops/s, hit ratio %s, p50 %.3f ms, p99 %.3f ms, %,d errors, %,d verification failures",
                    name, interval.getTotalCount() / seconds,
                    hits + misses == 0 ? "-" : String.format(Locale.ROOT, "%.3f", (double) hits / (hits + misses)),
                    interval.getValueAtPercentile(50) / 1e6, interval.getValueAtPercentile(99) / 1e6,
                    stats.errorCount(), stats.mismatches.count()));
        }
    }
}
