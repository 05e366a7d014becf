package dev.metric.mode.cache;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.LatencyTotals;
import dev.metric.record.RequestTimer;
import dev.metric.result.JvmActivity;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.run.JvmCounters;
import dev.metric.run.LoggedIntervals;
import dev.metric.run.PhaseProgress;
import dev.metric.run.ProcessCpu;
import dev.metric.run.ProgressTicker;
import dev.metric.run.Rates;
import dev.metric.run.ServerWatch;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.VersionedValues;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Runs mode2 traffic for a fixed time, closed loop or at a target rate, through the engine, and
 * summarises it. The warm-up, the measured phase and every search step are each one of these,
 * on the same open connections.
 */
final class TrafficPhase {

    private static final long MIX_SALT = 0x6D6F646532L;

    private final KeyValueClient client;
    private final Mode2Config config;
    private final VersionedValues values;
    private final KeyDistribution.Choosers choosers;
    /** What the lanes of a YCSB workload share; null for the cache traffic. */
    private final YcsbRun ycsb;
    private final KeyLedger ledger;
    private final NanoClock clock;
    private final ServerWatch watch;
    private final SplittableRandom root;
    /** Each lane's random stream, kept from one phase to the next; more are split off as lanes are added. */
    private final List<SplittableRandom> randoms = new ArrayList<>();

    /**
     * @param choosers the cache traffic's keys; unused by a YCSB workload, which draws its records
     * @param ledger   what is kept of every key's writes, to judge its reads
     * @param ycsb     what a YCSB workload's lanes share, null for the cache traffic
     */
    TrafficPhase(KeyValueClient client, Mode2Config config, VersionedValues values, KeyDistribution.Choosers choosers,
                 KeyLedger ledger, YcsbRun ycsb, NanoClock clock, ServerWatch watch) {
        this.client = client;
        this.watch = watch;
        this.config = config;
        this.values = values;
        this.choosers = choosers;
        this.ledger = ledger;
        this.ycsb = ycsb;
        this.clock = clock;
        this.root = new SplittableRandom(config.data().seed() ^ MIX_SALT);
    }

    /**
     * Warms up for {@code length} with the configuration's threads and requests in flight, left
     * out of every figure. It runs as three drives back to back into the same figures. The first,
     * half the length, is a closed loop, as fast as the client goes: a schedule of a few thousand
     * operations a second runs too few for the JIT compiler to finish compiling them in a few
     * seconds, and it would go on compiling, on the client's core, in the measured phase. The other
     * two, a quarter each, are paced like what follows. The end of a drive takes branches compiled
     * code had never seen taken and throws that code away: the first paced drive's end does so, and
     * the last one runs while the code is compiled again, this time for both ends of a drive. With
     * only one paced drive, that recompiling came in the first second of the measured phase and
     * made its sends late by milliseconds.
     */
    PhaseResult warmUp(Duration length, TargetRate target, Consumer<String> progress)
            throws InterruptedException {
        Duration half = length.dividedBy(2);
        Duration quarter = length.dividedBy(4);
        List<Duration> stretches = quarter.isZero() ? List.of(length)
                : List.of(half, quarter, length.minus(half).minus(quarter));
        List<TargetRate> rates = stretches.size() == 1 ? List.of(target)
                : List.of(TargetRate.CLOSED_LOOP, target, target);
        return run("warm-up", stretches, rates, config.threads(), config.connections(), config.window(), progress,
                IntervalLog.NONE);
    }

    /**
     * Measures for {@code length} with {@code threads} threads of {@code connections} lanes, each of
     * {@code window} requests in flight.
     * Each lane keeps its random stream from one phase to the next, so that phases continue the
     * seeded sequence instead of repeating it. Callers let the JIT settle first ({@link JitSettle}).
     *
     * @param name for progress lines and thread names
     * @param log  where the phase's latencies go interval by interval
     */
    PhaseResult measure(String name, Duration length, TargetRate target, int threads, int connections,
                        int window, Consumer<String> progress, IntervalLog log) throws InterruptedException {
        return run(name, List.of(length), List.of(target), threads, connections, window, progress, log);
    }

    /** Drives each stretch at its rate back to back, into one set of figures. */
    private PhaseResult run(String name, List<Duration> stretches, List<TargetRate> rates, int threads,
                            int connections, int window, Consumer<String> progress, IntervalLog log)
            throws InterruptedException {
        TargetRate target = rates.get(rates.size() - 1);
        TrafficStats stats = new TrafficStats();
        int lanes = threads * connections;
        while (randoms.size() < lanes) {
            randoms.add(root.split());
        }
        Duration length = stretches.stream().reduce(Duration.ZERO, Duration::plus);
        long cpuBefore = ProcessCpu.nanos();
        JvmCounters jvmBefore = JvmCounters.now();
        List<DriveResult> drives = new ArrayList<>();
        Map<String, LatencyRecorder> tags = logTags(stats, target.paced(), config.keysPerRead(), config.workload());
        try (LoggedIntervals logged = LoggedIntervals.start(log, tags, liveCounts(stats, ledger));
             ProgressTicker ticker = ProgressTicker.every(config.progressInterval(),
                     new IntervalLine(name, stats, ledger, length, progress))) {
            for (int i = 0; i < stretches.size(); i++) {
                DrivePlan plan = new DrivePlan(threads, connections, window, config.pipeline() > 1, rates.get(i),
                        config.rateTick(), stretches.get(i), config.client().commandTimeout());
                drives.add(ycsb != null
                        ? Engine.drive(client, plan, clock, watch, lane -> new YcsbTraffic(stats, ycsb,
                                ycsb.ranks().forWorker(lane, lanes, randoms.get(lane)), randoms.get(lane)),
                                "metric-" + name)
                        : Engine.drive(client, plan, clock, watch, lane -> new CacheWorkload(stats, config, values,
                                choosers.forWorker(lane, lanes, randoms.get(lane)), randoms.get(lane), window, ledger),
                                "metric-" + name));
            }
        }
        long cpuAfter = ProcessCpu.nanos();
        return summarise(stats, DriveResult.sum(drives), target.opsPerSec(), threads, connections, window, length,
                cpuBefore < 0 ? -1 : cpuAfter - cpuBefore, JvmCounters.now().since(jvmBefore));
    }

    /**
     * The counts a live log may serve beside the latencies: values read that were not intact and,
     * with --strict, reads that found a key lost, stale or expired.
     */
    private static Map<String, LongSupplier> liveCounts(TrafficStats stats, KeyLedger ledger) {
        Map<String, LongSupplier> counts = new LinkedHashMap<>();
        counts.put(IntervalLog.VERIFICATION_FAILURES, stats.mismatches::count);
        if (ledger.findings().isPresent()) {
            counts.put(IntervalLog.STRICT_FINDINGS, () -> ledger.findings().orElse(0));
        }
        return counts;
    }

    /**
     * The interval log's tags: response time per kind the run has ({@code get-hit},
     * {@code get-miss} or {@code mget}, {@code setex}, {@code refill}, {@code failed}), and service
     * time too ({@code get-hit-service}...) under a target rate, where the two differ.
     */
    private static Map<String, LatencyRecorder> logTags(TrafficStats stats, boolean paced, int keysPerRead,
                                                        YcsbWorkload workload) {
        Map<String, LatencyRecorder> tags = new LinkedHashMap<>();
        List<OpKind> kinds = Arrays.stream(OpKind.values()).filter(kind -> kind.occursWith(keysPerRead, workload))
                .toList();
        for (OpKind kind : kinds) {
            tags.put(kind.logTag(), stats.timers.get(kind).response());
        }
        if (paced) {
            for (OpKind kind : kinds) {
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
    private static PhaseResult summarise(TrafficStats stats, DriveResult drive, double targetOpsPerSec, int threads,
                                         int connections, int window, Duration length, long cpuNanos,
                                         JvmActivity jvm) {
        double seconds = drive.elapsedNanos() / 1e9;
        List<OpFigures> byKind = new ArrayList<>();
        LatencyTotals allResponse = new LatencyTotals();
        LatencyTotals allService = new LatencyTotals();
        LatencyTotals allLateness = new LatencyTotals();
        LatencyTotals allOwnDelay = new LatencyTotals();
        long allBytes = 0;
        for (OpKind kind : OpKind.values()) {
            RequestTimer timer = stats.timers.get(kind);
            long bytes = stats.payloadBytes.get(kind).sum();
            if (kind.inAll()) {
                allResponse.add(timer.response());
                allService.add(timer.service());
                allLateness.add(timer.sendLateness());
                allOwnDelay.add(timer.ownDelay());
                allBytes += bytes;
            }
            byKind.add(figures(kind.label(), timer.response().summary(), timer.service().summary(), bytes, seconds));
        }
        OpFigures all = figures("all", allResponse.summary(), allService.summary(), allBytes, seconds);
        long hits = stats.keyHits.sum();
        long misses = stats.keyMisses.sum();
        double cpuMicrosPerOp = cpuNanos < 0 || all.count() == 0 ? -1 : cpuNanos / 1e3 / all.count();
        // A phase cut short by a stop was planned no longer than it ran.
        double plannedSeconds = Math.min(length.toNanos(), drive.elapsedNanos()) / 1e9;
        long scheduled = drive.scheduledSent();
        return PhaseResult.builder()
                .targetOpsPerSec(targetOpsPerSec)
                .threads(threads)
                .connections(connections)
                .window(window)
                .durationSec(seconds)
                .scheduledOps(scheduled)
                .achievedOpsPerSec(plannedSeconds > 0 ? scheduled / plannedSeconds : 0)
                .unsentOps(drive.unsent())
                .byKind(List.copyOf(byKind))
                .all(all)
                .hitRatio(hits + misses == 0 ? Double.NaN : (double) hits / (hits + misses))
                .keyHits(hits)
                .keyMisses(misses)
                .connectionWait(LatencySummary.of(drive.connectionWaitNanos()))
                .sendLateness(allLateness.summary())
                .ownDelay(allOwnDelay.summary())
                .getErrors(stats.errors(Operation.Plan.GET))
                .setexErrors(stats.errors(Operation.Plan.SETEX))
                .refillErrors(stats.errors(Operation.Plan.REFILL))
                .firstError(stats.failures.first())
                .verificationFailures(stats.mismatches.count())
                .firstFailures(stats.mismatches.first())
                .clientCpuMicrosPerOp(cpuMicrosPerOp)
                .jvm(jvm)
                .otherModeValues(stats.mismatches.otherModeCount())
                .allResponseNanos(allResponse.nanos())
                .allServiceNanos(allService.nanos())
                .build();
    }

    private static OpFigures figures(String kind, LatencySummary response, LatencySummary service, long bytes,
                                     double seconds) {
        return new OpFigures(kind, response.count(), Rates.perSecond(response.count(), seconds),
                Rates.megabytesPerSecond(bytes, seconds), response, service);
    }

    /** Every interval: operations per second, hit ratio, p50 and p99 of response time, errors. */
    private static final class IntervalLine implements Runnable {

        private final String name;
        private final TrafficStats stats;
        private final KeyLedger ledger;
        private final Consumer<String> progress;
        private final long startNanos = System.nanoTime();
        private final long lengthNanos;
        private long lastNanos = startNanos;

        IntervalLine(String name, TrafficStats stats, KeyLedger ledger, Duration length,
                     Consumer<String> progress) {
            this.name = name;
            this.stats = stats;
            this.ledger = ledger;
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
                    "%s: %,.0f ops/s, hit ratio %s, p50 %.3f ms, p99 %.3f ms, %,d errors, %,d verification failures%s",
                    name, interval.getTotalCount() / seconds,
                    hits + misses == 0 ? "-" : String.format(Locale.ROOT, "%.3f", (double) hits / (hits + misses)),
                    interval.getValueAtPercentile(50) / 1e6, interval.getValueAtPercentile(99) / 1e6,
                    stats.failures.total(), stats.mismatches.count(), strictFindings()));
        }

        /** Under --strict, the reads found lost, stale or expired since the run began. */
        private String strictFindings() {
            OptionalLong findings = ledger.findings();
            return findings.isEmpty() ? ""
                    : String.format(Locale.ROOT, ", %,d lost, stale or expired reads so far", findings.getAsLong());
        }
    }
}
