package dev.metric.mode.cache;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.DriveSides;
import dev.metric.engine.Engine;
import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.LatencyTotals;
import dev.metric.record.RequestTimer;
import dev.metric.result.ClientStalls;
import dev.metric.result.ClientWaits;
import dev.metric.result.LaneOutages;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.result.Rates;
import dev.metric.result.ScheduleKept;
import dev.metric.result.TrafficShape;
import dev.metric.result.WarmupEnding;
import dev.metric.result.WriteAcks;
import dev.metric.run.FlowingPhase;
import dev.metric.run.LaneRandoms;
import dev.metric.run.PhaseProgress;
import dev.metric.run.ServerWatch;
import dev.metric.run.WarmupEnd;
import dev.metric.run.WindowOpener;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.VersionedValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.LongAdder;
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
    /** Each lane's random stream, kept from one phase to the next. */
    private final LaneRandoms randoms;
    private final FlowingPhase flowing;

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
        this.randoms = new LaneRandoms(config.data().seed() ^ MIX_SALT);
        this.flowing = new FlowingPhase(clock, new FlowingPhase.Planning(config.mix().pipeline() > 1,
                config.plan().rateTick(), config.client().commandTimeout()), config.progressInterval());
    }

    /**
     * A phase's warm-up and its measurement.
     *
     * @param warmUp    what the warm-up did; null when there was none
     * @param measured  what was measured
     * @param warmupEnd how the warm-up at rate ended; null when there was none, or it never ended
     *                  (the run was stopped first)
     */
    record Phase(PhaseResult warmUp, PhaseResult measured, WarmupEnd.Outcome warmupEnd) {
    }

    /**
     * Warms up as {@code warmup} says, then measures for {@code length} with {@code threads}
     * threads of {@code connections} lanes, each of {@code window} requests in flight, on
     * {@link FlowingPhase}'s skeleton. Each lane keeps its random stream from one phase to the next,
     * so that phases continue the seeded sequence instead of repeating it.
     *
     * @param name     for progress lines and thread names
     * @param log      where the measured latencies go interval by interval
     * @param atSwitch runs where the figures switch to the measurement, such as a reading of the
     *                 server's counters
     */
    Phase run(String name, FlowingPhase.Warmup warmup, Duration length, TargetRate target, int threads,
              int connections, int window, Consumer<String> progress, IntervalLog log,
              WindowOpener.AtSwitch atSwitch) throws InterruptedException {
        FlowingPhase.Outcome<TrafficStats> outcome = flowing.run(new CacheTraffic(), name, warmup, length, target,
                threads, connections, window, progress, log, atSwitch);
        FlowingPhase.Side<TrafficStats> warm = outcome.warmUp();
        WriteWait wait = config.mix().writeWait();
        PhaseResult warmUp = warm == null ? null : summarise(warm, wait, target.opsPerSec(), threads, connections,
                window, length, null);
        PhaseResult result = summarise(outcome.measured(), wait, target.opsPerSec(), threads, connections, window,
                length, outcome.warmupEnd() == null ? null : outcome.warmupEnd().ending());
        return new Phase(warmUp, result, outcome.warmupEnd());
    }

    /** mode2's traffic for the skeleton: the cache's GETs and SETEXs, or a YCSB workload's operations. */
    private final class CacheTraffic implements FlowingPhase.Traffic<TrafficStats> {

        @Override
        public TrafficStats newSide() {
            return new TrafficStats(config.mix().writeWait());
        }

        @Override
        public DriveSides drive(List<TrafficStats> sides, DrivePlan plan, MeasuredWindow measured, String name)
                throws InterruptedException {
            int lanes = plan.lanes();
            TrafficStats[] bySide = sides.toArray(new TrafficStats[0]);
            return ycsb != null
                    ? Engine.drive(client, plan, measured, clock, watch, lane -> new YcsbTraffic(bySide, ycsb,
                            ycsb.ranks().forWorker(lane, lanes, randoms.of(lane)), randoms.of(lane)), name)
                    : Engine.drive(client, plan, measured, clock, watch, lane -> new CacheWorkload(bySide, config,
                            values, choosers.forWorker(lane, lanes, randoms.of(lane)), randoms.of(lane),
                            plan.window(), ledger), name);
        }

        @Override
        public Map<String, LatencyRecorder> logTags(TrafficStats measured, boolean paced) {
            return TrafficPhase.logTags(measured, paced, config.mix());
        }

        @Override
        public Map<String, LongSupplier> liveCounts(TrafficStats measured) {
            return TrafficPhase.liveCounts(measured, ledger);
        }

        /** Operations per second, hit ratio, p50 and p99 of response time, errors, verification failures. */
        @Override
        public String progress(TrafficStats stats, double seconds) {
            Histogram interval = stats.progress.takeInterval();
            long hits = stats.progressHits.sumThenReset();
            long misses = stats.progressMisses.sumThenReset();
            return String.format(PhaseProgress.NUMBERS,
                    "%,.0f ops/s, hit ratio %s, p50 %.3f ms, p99 %.3f ms, %,d errors, %,d verification failures%s",
                    interval.getTotalCount() / seconds, hits + misses == 0 ? "-"
                            : String.format(PhaseProgress.NUMBERS, "%.3f", (double) hits / (hits + misses)),
                    interval.getValueAtPercentile(50) / 1e6, interval.getValueAtPercentile(99) / 1e6,
                    stats.failures.total(), stats.mismatches.count(), strictFindings());
        }

        /** Under --strict, the reads found lost, stale or expired since the run began. */
        private String strictFindings() {
            OptionalLong findings = ledger.findings();
            return findings.isEmpty() ? ""
                    : String.format(PhaseProgress.NUMBERS, ", %,d lost, stale or expired reads so far",
                            findings.getAsLong());
        }
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
    private static Map<String, LatencyRecorder> logTags(TrafficStats stats, boolean paced, Mode2Config.Mix mix) {
        Map<String, LatencyRecorder> tags = new LinkedHashMap<>();
        List<OpKind> kinds = Arrays.stream(OpKind.values()).filter(mix::has).toList();
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

    /** What a side of the drive measured; its rates as {@link ScheduleKept#of} says. */
    private static PhaseResult summarise(FlowingPhase.Side<TrafficStats> side, WriteWait wait, double targetOpsPerSec,
                                         int threads, int connections, int window, Duration length,
                                         WarmupEnding ending) {
        TrafficStats stats = side.stats();
        DriveResult drive = side.drive();
        ClientStalls stalls = side.stalls();
        ScheduleKept schedule = ScheduleKept.of(drive, length);
        double seconds = schedule.durationSec();
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
        LatencySummary ownDelay = allOwnDelay.summary();
        return new PhaseResult(new TrafficShape(targetOpsPerSec, threads, connections, window), schedule,
                List.copyOf(byKind), all, new PhaseResult.Answers(PhaseResult.KeyReads.of(stats.keyHits.sum(),
                        stats.keyMisses.sum()), writeAcks(stats, wait)),
                new ClientWaits(LatencySummary.of(drive.connectionWaitNanos()), allLateness.summary(), ownDelay),
                new PhaseResult.Errors(stats.errors(Operation.Plan.GET), stats.errors(Operation.Plan.SETEX),
                        stats.errors(Operation.Plan.REFILL), stats.errors(Operation.Plan.WAIT), stats.failures.first(),
                        LaneOutages.of(drive.outages())),
                new PhaseResult.ValueChecks(stats.mismatches.count(), stats.mismatches.first(),
                        stats.mismatches.otherModeCount()),
                side.work(all.count(), all.response(), all.service(), ownDelay, ending),
                new PhaseResult.Histograms(allResponse.nanos(), allService.nanos()));
    }

    /** What the WAITs after the writes answered, or null without {@code --wait}. */
    private static WriteAcks writeAcks(TrafficStats stats, WriteWait wait) {
        return wait == null ? null : new WriteAcks(wait.replicas(), wait.timeout().toMillis(),
                Arrays.stream(stats.waitAnswers).map(LongAdder::sum).toList());
    }

    private static OpFigures figures(String kind, LatencySummary response, LatencySummary service, long bytes,
                                     double seconds) {
        return new OpFigures(kind, response.count(), Rates.perSecond(response.count(), seconds),
                Rates.megabytesPerSecond(bytes, seconds), response, service);
    }
}
