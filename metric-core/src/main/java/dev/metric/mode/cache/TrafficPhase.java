package dev.metric.mode.cache;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.DriveSides;
import dev.metric.engine.Engine;
import dev.metric.engine.MeasuredWindow;
import dev.metric.engine.ThreadAllocations;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.LatencyTotals;
import dev.metric.record.RequestTimer;
import dev.metric.result.ClientStalls;
import dev.metric.result.ClientWaits;
import dev.metric.result.ClientWork;
import dev.metric.result.JvmActivity;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.result.Rates;
import dev.metric.result.ScheduleKept;
import dev.metric.result.TrafficShape;
import dev.metric.result.WarmupEnding;
import dev.metric.run.JvmCounters;
import dev.metric.run.LoggedIntervals;
import dev.metric.run.PhaseProgress;
import dev.metric.run.ProcessCpu;
import dev.metric.run.ProgressTicker;
import dev.metric.run.ServerWatch;
import dev.metric.run.StallMeter;
import dev.metric.run.WarmupEnd;
import dev.metric.run.WindowOpener;
import dev.metric.run.YoungGeneration;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.VersionedValues;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
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
     * How a phase warms up before it measures, all of it left out of the figures: first a closed
     * loop, as fast as the client goes (a schedule of a few thousand operations a second runs too
     * few for the JIT compiler to finish compiling them in a few seconds), then at the phase's own
     * rate and on the same drive as the measurement, until the JIT is quiet ({@link WarmupEnd}).
     * The figures then switch to the measurement at an instant, the traffic flowing on, so that no
     * branch is first taken while measuring: the end of a drive of its own would be one, and the
     * compiled code it threw away was compiled again inside the measured window.
     *
     * @param closedLoop how long the closed loop runs; zero for none
     * @param leastAtRate the shortest stretch at the phase's rate; zero, with no closed loop, for no
     *                    warm-up at all: the window opens at the start
     * @param capAtRate  the longest, ended then even while the JIT still compiles
     */
    record Warmup(Duration closedLoop, Duration leastAtRate, Duration capAtRate) {

        /** No warm-up: the measurement starts with the traffic. */
        static final Warmup NONE = new Warmup(Duration.ZERO, Duration.ZERO, Duration.ZERO);
        /** How much longer than its least the stretch at rate may go on while the JIT compiles. */
        static final Duration CAP_BEYOND_LEAST = Duration.ofSeconds(15);

        /** {@code length} in all at least: half a closed loop, half at rate; no warm-up for zero. */
        static Warmup of(Duration length) {
            if (length.isZero()) {
                return NONE;
            }
            Duration half = length.dividedBy(2);
            return atRate(length.minus(half)).withClosedLoop(half);
        }

        /** At the phase's rate only, for at least {@code least}. */
        static Warmup atRate(Duration least) {
            return least.isZero() ? NONE : new Warmup(Duration.ZERO, least, least.plus(CAP_BEYOND_LEAST));
        }

        private Warmup withClosedLoop(Duration length) {
            return new Warmup(length, leastAtRate, capAtRate);
        }

        /** This warm-up ending at its least, the JIT quiet or not, so that it lasts a known time. */
        Warmup atItsLeast() {
            return this == NONE ? NONE : new Warmup(closedLoop, leastAtRate, leastAtRate);
        }
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
     * threads of {@code connections} lanes, each of {@code window} requests in flight. Each lane
     * keeps its random stream from one phase to the next, so that phases continue the seeded
     * sequence instead of repeating it. A stall meter runs throughout ({@link StallMeter}).
     *
     * @param name     for progress lines and thread names
     * @param log      where the measured latencies go interval by interval
     * @param atSwitch runs where the figures switch to the measurement, such as a reading of the
     *                 server's counters
     */
    Phase run(String name, Warmup warmup, Duration length, TargetRate target, int threads, int connections,
              int window, Consumer<String> progress, IntervalLog log, WindowOpener.AtSwitch atSwitch)
            throws InterruptedException {
        TrafficStats warm = new TrafficStats();
        TrafficStats measuring = new TrafficStats();
        TrafficStats[] sides = {warm, measuring};
        int lanes = threads * connections;
        while (randoms.size() < lanes) {
            randoms.add(root.split());
        }
        boolean warmsAtRate = !warmup.leastAtRate().isZero();
        MeasuredWindow measured = warmsAtRate ? MeasuredWindow.later() : MeasuredWindow.fromStart(length);
        DrivePlan plan = plan(threads, connections, window, target, length);
        Readings start = Readings.now();
        Switch switching = new Switch(log, logTags(measuring, target.paced(), config.mix().keysPerRead(),
                config.mix().workload()), liveCounts(measuring, ledger), warmsAtRate, atSwitch, clock, length);
        List<DriveResult> warmDrives = new ArrayList<>();
        DriveSides drive;
        WarmupEnd.Outcome warmupEnd = null;
        ClientStalls[] stalls = new ClientStalls[MeasuredWindow.SIDES];
        try (StallMeter meter = StallMeter.start(clock, measured);
             ProgressTicker ticker = ProgressTicker.every(config.progressInterval(),
                     new IntervalLine(name, sides, measured, ledger, length, progress))) {
            if (!warmup.closedLoop().isZero()) {
                long allocatedBefore = ThreadAllocations.total();
                DriveResult closedLoop = drive(new TrafficStats[] {warm, warm},
                        plan(threads, connections, window, TargetRate.CLOSED_LOOP, warmup.closedLoop()),
                        MeasuredWindow.fromStart(warmup.closedLoop()), name).measured();
                warmDrives.add(closedLoop);
                if (warmsAtRate) {
                    // Between the drives nothing is due: the time readying takes delays no request.
                    YoungGeneration.ready(Switch.windowAllocation((double) (ThreadAllocations.total()
                            - allocatedBefore) / Math.max(1, closedLoop.sent()) * target.opsPerSec(), length));
                }
            }
            if (!warmsAtRate) {
                switching.run();
            }
            switching.atRateFromNow();
            // The opener is closed first: once it has stopped, nothing more starts to log.
            try (Switch logging = switching;
                 WindowOpener opener = warmsAtRate ? WindowOpener.start(measured, WarmupEnd.ofThisJvm(
                         warmup.leastAtRate(), warmup.capAtRate()), clock, length, switching) : null) {
                drive = drive(sides, plan, measured, name);
                warmupEnd = opener == null ? null : opener.outcome();
            }
            warmDrives.add(drive.warmUp());
            for (int side = 0; side < MeasuredWindow.SIDES; side++) {
                stalls[side] = meter.stalls(side);
            }
        }
        Readings end = Readings.now();
        Readings opened = switching.readings == null ? end : switching.readings;
        DriveResult warmDrive = DriveResult.sum(warmDrives);
        PhaseResult warmUp = warmDrive.sent() == 0 ? null : summarise(warm, warmDrive, target.opsPerSec(), threads,
                connections, window, length, opened.since(start), stalls[MeasuredWindow.WARM_UP], null);
        PhaseResult result = summarise(measuring, drive.measured(), target.opsPerSec(), threads, connections,
                window, length, end.since(opened), stalls[MeasuredWindow.MEASURED],
                warmupEnd == null ? null : warmupEnd.ending());
        return new Phase(warmUp, result, warmupEnd);
    }

    private DrivePlan plan(int threads, int connections, int window, TargetRate rate, Duration length) {
        return new DrivePlan(threads, connections, window, config.mix().pipeline() > 1, rate, config.plan().rateTick(),
                length,
                config.client().commandTimeout());
    }

    private DriveSides drive(TrafficStats[] sides, DrivePlan plan, MeasuredWindow measured, String name)
            throws InterruptedException {
        int lanes = plan.lanes();
        return ycsb != null
                ? Engine.drive(client, plan, measured, clock, watch, lane -> new YcsbTraffic(sides, ycsb,
                        ycsb.ranks().forWorker(lane, lanes, randoms.get(lane)), randoms.get(lane)), "metric-" + name)
                : Engine.drive(client, plan, measured, clock, watch, lane -> new CacheWorkload(sides, config, values,
                        choosers.forWorker(lane, lanes, randoms.get(lane)), randoms.get(lane), plan.window(), ledger),
                        "metric-" + name);
    }

    /** The process's CPU time and the JVM's counters at one moment. */
    private record Readings(long cpuNanos, JvmCounters jvm) {

        static Readings now() {
            return new Readings(ProcessCpu.nanos(), JvmCounters.now());
        }

        /** What happened from {@code before} to these readings: the CPU time (-1 when unknown), the JVM's counts. */
        Spent since(Readings before) {
            return new Spent(cpuNanos < 0 || before.cpuNanos < 0 ? -1 : cpuNanos - before.cpuNanos,
                    jvm.since(before.jvm));
        }
    }

    /** The process's CPU time over a side of the drive, -1 when unknown, and what the JVM did meanwhile. */
    private record Spent(long cpuNanos, JvmCounters jvm) {
    }

    /**
     * What happens where the figures switch to the measurement: the young generation is readied
     * for what the window will allocate at the rate the warm-up allocated ({@link YoungGeneration};
     * after a closed-loop warm-up, from its allocation per operation, it is already), the heap is
     * collected, so that the measurement starts with an empty young generation (a
     * collection then is the warm-up's, and the lanes have {@link #CATCH_UP} to send what fell due
     * during it), the process is read, the interval log starts following the measured figures, and
     * what the caller asked for runs.
     */
    private static final class Switch implements WindowOpener.AtSwitch, AutoCloseable {

        static final Duration CATCH_UP = Duration.ofMillis(500);

        private final IntervalLog log;
        private final Map<String, LatencyRecorder> tags;
        private final Map<String, LongSupplier> counts;
        private final boolean collects;
        private final WindowOpener.AtSwitch also;
        private final NanoClock clock;
        private final Duration length;
        private volatile long atRateNanos;
        private volatile long atRateAllocated;
        private volatile Readings readings;
        private volatile LoggedIntervals logged;

        Switch(IntervalLog log, Map<String, LatencyRecorder> tags, Map<String, LongSupplier> counts,
               boolean collects, WindowOpener.AtSwitch also, NanoClock clock, Duration length) {
            this.also = also;
            this.log = log;
            this.tags = tags;
            this.counts = counts;
            this.collects = collects;
            this.clock = clock;
            this.length = length;
        }

        /** Marks where the warm-up at the run's rate begins: what it allocates from here sizes the window's. */
        void atRateFromNow() {
            atRateNanos = clock.nanoTime();
            atRateAllocated = ThreadAllocations.total();
        }

        @Override
        public void run() throws InterruptedException {
            if (collects) {
                YoungGeneration.ready(windowAllocation());
                System.gc();
                Thread.sleep(CATCH_UP.toMillis());
            }
            also.run();
            readings = Readings.now();
            logged = LoggedIntervals.start(log, tags, counts);
        }

        /** What the window will allocate at the rate the warm-up at rate allocated; all there is when unknown. */
        private long windowAllocation() {
            long allocated = ThreadAllocations.total() - atRateAllocated;
            long elapsed = clock.nanoTime() - atRateNanos;
            return atRateAllocated < 0 || allocated < 0 || elapsed <= 0 ? Long.MAX_VALUE
                    : windowAllocation(allocated * 1e9 / elapsed, length);
        }

        /**
         * What a window of {@code length} allocates at {@code bytesPerSecond}, with the catch-up
         * before it and a quarter over; all there is when the rate is unknown (negative).
         */
        static long windowAllocation(double bytesPerSecond, Duration length) {
            return bytesPerSecond < 0 ? Long.MAX_VALUE
                    : (long) Math.min(Long.MAX_VALUE, 1.25 * bytesPerSecond * length.plus(CATCH_UP).toNanos() / 1e9);
        }

        /** Stops the interval log, if it started. */
        @Override
        public void close() {
            if (logged != null) {
                logged.close();
            }
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

    /** What a side of the drive measured; its rates as {@link ScheduleKept#of} says. */
    private static PhaseResult summarise(TrafficStats stats, DriveResult drive, double targetOpsPerSec, int threads,
                                         int connections, int window, Duration length, Spent spent,
                                         ClientStalls stalls, WarmupEnding ending) {
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
        long cpuNanos = spent.cpuNanos();
        double cpuMicrosPerOp = cpuNanos < 0 || all.count() == 0 ? -1 : cpuNanos / 1e3 / all.count();
        int cores = Runtime.getRuntime().availableProcessors();
        double coreShare = cpuNanos < 0 || drive.elapsedNanos() == 0 ? Double.NaN
                : (double) cpuNanos / drive.elapsedNanos() / cores;
        LatencySummary ownDelay = allOwnDelay.summary();
        return new PhaseResult(new TrafficShape(targetOpsPerSec, threads, connections, window), schedule,
                List.copyOf(byKind), all, PhaseResult.KeyReads.of(stats.keyHits.sum(), stats.keyMisses.sum()),
                new ClientWaits(LatencySummary.of(drive.connectionWaitNanos()), allLateness.summary(), ownDelay),
                new PhaseResult.Errors(stats.errors(Operation.Plan.GET), stats.errors(Operation.Plan.SETEX),
                        stats.errors(Operation.Plan.REFILL), stats.failures.first()),
                new PhaseResult.ValueChecks(stats.mismatches.count(), stats.mismatches.first(),
                        stats.mismatches.otherModeCount()),
                new ClientWork(cpuMicrosPerOp, spent.jvm().activity(stalls, coreShare,
                        JvmActivity.clientBound(all, ownDelay, stalls, coreShare, cores), ending)),
                new PhaseResult.Histograms(allResponse.nanos(), allService.nanos()));
    }

    private static OpFigures figures(String kind, LatencySummary response, LatencySummary service, long bytes,
                                     double seconds) {
        return new OpFigures(kind, response.count(), Rates.perSecond(response.count(), seconds),
                Rates.megabytesPerSecond(bytes, seconds), response, service);
    }

    /** Every interval: operations per second, hit ratio, p50 and p99 of response time, errors. */
    private static final class IntervalLine implements Runnable {

        private final String name;
        private final TrafficStats[] sides;
        private final MeasuredWindow window;
        private final KeyLedger ledger;
        private final Consumer<String> progress;
        private final long lengthNanos;
        private long lastNanos = System.nanoTime();

        /** @param window on the system clock, as the line's own times are */
        IntervalLine(String name, TrafficStats[] sides, MeasuredWindow window, KeyLedger ledger, Duration length,
                     Consumer<String> progress) {
            this.name = name;
            this.sides = sides;
            this.window = window;
            this.ledger = ledger;
            this.lengthNanos = length.toNanos();
            this.progress = progress;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            boolean measuring = window.isOpen();
            TrafficStats stats = sides[measuring ? MeasuredWindow.MEASURED : MeasuredWindow.WARM_UP];
            Histogram interval = stats.progress.takeInterval();
            long hits = stats.progressHits.sumThenReset();
            long misses = stats.progressMisses.sumThenReset();
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            double done = measuring ? (double) (now - window.opensAtNanos()) / lengthNanos : 0;
            PhaseProgress.update(progress, done, String.format(PhaseProgress.NUMBERS,
                    "%s: %,.0f ops/s, hit ratio %s, p50 %.3f ms, p99 %.3f ms, %,d errors, %,d verification failures%s",
                    measuring ? name : "warm-up", interval.getTotalCount() / seconds,
                    hits + misses == 0 ? "-"
                            : String.format(PhaseProgress.NUMBERS, "%.3f", (double) hits / (hits + misses)),
                    interval.getValueAtPercentile(50) / 1e6, interval.getValueAtPercentile(99) / 1e6,
                    stats.failures.total(), stats.mismatches.count(), strictFindings()));
        }

        /** Under --strict, the reads found lost, stale or expired since the run began. */
        private String strictFindings() {
            OptionalLong findings = ledger.findings();
            return findings.isEmpty() ? ""
                    : String.format(PhaseProgress.NUMBERS, ", %,d lost, stale or expired reads so far",
                            findings.getAsLong());
        }
    }
}
