package dev.metric.run;

import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.DriveSides;
import dev.metric.engine.MeasuredWindow;
import dev.metric.engine.ThreadAllocations;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.result.ClientStalls;
import dev.metric.result.ClientWork;
import dev.metric.result.JvmActivity;
import dev.metric.result.WarmupEnding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A stretch of traffic that warms up and flows into its measurement on one drive: the skeleton
 * every mode that measures at a rate shares. A mode says what its traffic is ({@link Traffic}: its
 * figures for each side of the drive, how its lanes are driven, what its interval log and progress
 * line show) and summarises the {@link Outcome}; the warm-up, the switch to the measurement, the
 * stall meter, the process's CPU and the JVM's counters are done here, once.
 */
public final class FlowingPhase {

    /**
     * What a mode's traffic is, for the skeleton.
     *
     * @param <S> the figures one side of the drive records
     */
    public interface Traffic<S> {

        /** Fresh figures for one side of a drive. */
        S newSide();

        /**
         * Drives {@code plan}'s lanes, each request recording into {@code sides} by the side of
         * {@code window} it falls in.
         */
        DriveSides drive(List<S> sides, DrivePlan plan, MeasuredWindow window, String threadName)
                throws InterruptedException;

        /** The interval log's tags of the measured side; service time too when {@code paced}. */
        Map<String, LatencyRecorder> logTags(S measured, boolean paced);

        /** Counts the interval log serves beside the latencies, by name. */
        Map<String, LongSupplier> liveCounts(S measured);

        /** The progress line's figures of {@code side} over the last {@code seconds}, after the phase's name. */
        String progress(S side, double seconds);

        /**
         * How much of a measurement without a length is done, 0 to 1, for the progress bar: a
         * replay's lines read of its trace. A measurement with a length is done by its time.
         */
        default double done() {
            return 0;
        }
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
     * @param closedLoop  how long the closed loop runs; zero for none
     * @param leastAtRate the shortest stretch at the phase's rate; zero, with no closed loop, for no
     *                    warm-up at all: the window opens at the start
     * @param capAtRate   the longest, ended then even while the JIT still compiles
     */
    public record Warmup(Duration closedLoop, Duration leastAtRate, Duration capAtRate) {

        /** No warm-up: the measurement starts with the traffic. */
        public static final Warmup NONE = new Warmup(Duration.ZERO, Duration.ZERO, Duration.ZERO);
        /** How much longer than its least the stretch at rate may go on while the JIT compiles. */
        static final Duration CAP_BEYOND_LEAST = Duration.ofSeconds(15);

        /** {@code length} in all at least: half a closed loop, half at rate; no warm-up for zero. */
        public static Warmup of(Duration length) {
            if (length.isZero()) {
                return NONE;
            }
            Duration half = length.dividedBy(2);
            return atRate(length.minus(half)).withClosedLoop(half);
        }

        /** At the phase's rate only, for at least {@code least}. */
        public static Warmup atRate(Duration least) {
            return least.isZero() ? NONE : new Warmup(Duration.ZERO, least, least.plus(CAP_BEYOND_LEAST));
        }

        private Warmup withClosedLoop(Duration length) {
            return new Warmup(length, leastAtRate, capAtRate);
        }

        /** This warm-up ending at its least, the JIT quiet or not, so that it lasts a known time. */
        public Warmup atItsLeast() {
            return this == NONE ? NONE : new Warmup(closedLoop, leastAtRate, leastAtRate);
        }

        /** The progress line that announces this warm-up at {@code pace} ({@code at 5,000 ops/s}); empty for none. */
        public Optional<String> announcement(String pace) {
            if (this == NONE) {
                return Optional.empty();
            }
            String atRate = capAtRate.equals(leastAtRate)
                    ? "for " + seconds(leastAtRate) + " (--start-at: as long in every generator)"
                    : String.format(Locale.ROOT, "for at least %s and until the JIT is quiet (at most %s)",
                            seconds(leastAtRate), seconds(capAtRate));
            return Optional.of(String.format(Locale.ROOT, "warm-up: %s closed loop, then %s %s, flowing into the "
                    + "measurement: left out of the figures", seconds(closedLoop), pace, atRate));
        }

        private static String seconds(Duration length) {
            return String.format(Locale.ROOT, "%.1f s", length.toMillis() / 1000.0);
        }
    }

    /** How a pace is told in progress lines: {@code at 5,000 ops/s}, or {@code closed loop}. */
    public static String paceText(TargetRate rate) {
        return rate.paced() ? String.format(Locale.ROOT, "at %,.0f ops/s", rate.opsPerSec()) : "closed loop";
    }

    /**
     * How the phase's drives are planned, beside the lanes and rate each phase chooses.
     *
     * @param pipelined      whether each lane's requests go in batches, each awaited whole
     * @param rateTick       zero for an even schedule; else the tick the schedule is released in
     * @param commandTimeout the longest a reply may take
     */
    public record Planning(boolean pipelined, Duration rateTick, Duration commandTimeout) {

        /**
         * A drive of {@code threads} threads of {@code connections} lanes at {@code rate}, for
         * {@code length}; null until each lane's workload ends by itself.
         */
        public DrivePlan plan(int threads, int connections, int window, TargetRate rate, Duration length) {
            return new DrivePlan(threads, connections, window, pipelined, rate, rateTick, length, commandTimeout);
        }
    }

    /**
     * The process's CPU time over a side of the drive, -1 when unknown, the time that CPU time was
     * read over, and what the JVM did meanwhile.
     */
    public record Spent(long cpuNanos, long elapsedNanos, JvmCounters jvm) {
    }

    /**
     * One side of the drive.
     *
     * @param stats  its figures
     * @param drive  its drive's own outcome
     * @param spent  the process's CPU and the JVM's counters over it
     * @param stalls what the stall meter saw over it
     */
    public record Side<S>(S stats, DriveResult drive, Spent spent, ClientStalls stalls) {

        /**
         * What the client spent over this side of {@code operations} timed as {@code response},
         * {@code service} and {@code ownDelay}: its CPU per operation, and what its JVM did, with
         * whether that makes the latency the client's own ({@link JvmActivity#clientBound}).
         *
         * @param ending how the warm-up before it ended; null for none
         */
        public ClientWork work(long operations, LatencySummary response, LatencySummary service,
                               LatencySummary ownDelay, WarmupEnding ending) {
            long cpuNanos = spent.cpuNanos();
            int cores = Runtime.getRuntime().availableProcessors();
            // Over the time the CPU was read over, which is a little longer than the drive's own.
            double coreShare = cpuNanos < 0 || spent.elapsedNanos() <= 0 ? Double.NaN
                    : (double) cpuNanos / spent.elapsedNanos() / cores;
            return new ClientWork(cpuNanos < 0 || operations == 0 ? -1 : cpuNanos / 1e3 / operations,
                    spent.jvm().activity(stalls, coreShare, JvmActivity.clientBound(response, service, ownDelay,
                            stalls, coreShare, cores), ending));
        }
    }

    /**
     * A phase's warm-up and its measurement.
     *
     * @param warmUp    the warm-up; null when nothing was sent before the measurement
     * @param measured  the measurement
     * @param warmupEnd how the warm-up at rate ended; null when there was none, or it never ended
     *                  (the run was stopped first)
     */
    public record Outcome<S>(Side<S> warmUp, Side<S> measured, WarmupEnd.Outcome warmupEnd) {
    }

    /**
     * The progress line that says a warm-up ended at its cap, the JIT still compiling; empty when it
     * did not, or never ended.
     */
    public static Optional<String> cappedWarmup(WarmupEnd.Outcome end) {
        return end == null || !end.capped() ? Optional.empty()
                : Optional.of(String.format(Locale.ROOT, "warm-up: had ended at its cap, the JIT still compiling"
                + " (%d ms in its last second): the measured window may include compiling",
                end.lastSpanCompileMillis()));
    }

    private final NanoClock clock;
    private final Planning planning;
    private final Duration progressInterval;

    public FlowingPhase(NanoClock clock, Planning planning, Duration progressInterval) {
        this.clock = clock;
        this.planning = planning;
        this.progressInterval = progressInterval;
    }

    /**
     * Warms up as {@code warmup} says, then measures for {@code length} with {@code threads}
     * threads of {@code connections} lanes, each of {@code window} requests in flight. A stall
     * meter runs throughout ({@link StallMeter}).
     *
     * @param name     for progress lines and thread names
     * @param length   how long the measurement sends; null until each lane's traffic ends by itself,
     *                 as a replay's does at the end of its trace
     * @param log      where the measured latencies go interval by interval
     * @param atSwitch runs where the figures switch to the measurement, such as a reading of the
     *                 server's counters
     */
    public <S> Outcome<S> run(Traffic<S> traffic, String name, Warmup warmup, Duration length, TargetRate target,
                              int threads, int connections, int window, Consumer<String> progress, IntervalLog log,
                              WindowOpener.AtSwitch atSwitch) throws InterruptedException {
        S warm = traffic.newSide();
        S measuring = traffic.newSide();
        List<S> sides = List.of(warm, measuring);
        boolean warmsAtRate = !warmup.leastAtRate().isZero();
        MeasuredWindow measured = warmsAtRate ? MeasuredWindow.later() : MeasuredWindow.fromStart(length);
        DrivePlan plan = planning.plan(threads, connections, window, target, length);
        Readings start = Readings.now();
        Switch switching = new Switch(log, traffic.logTags(measuring, target.paced()), traffic.liveCounts(measuring),
                warmsAtRate, atSwitch, clock, length);
        List<DriveResult> warmDrives = new ArrayList<>();
        DriveSides drive;
        WarmupEnd.Outcome warmupEnd = null;
        ClientStalls[] stalls = new ClientStalls[MeasuredWindow.SIDES];
        try (StallMeter meter = StallMeter.start(clock, measured);
             ProgressTicker ticker = ProgressTicker.every(progressInterval,
                     new Line<>(traffic, name, sides, measured, length, progress))) {
            if (!warmup.closedLoop().isZero()) {
                long allocatedBefore = ThreadAllocations.total();
                DriveResult closedLoop = traffic.drive(List.of(warm, warm),
                        planning.plan(threads, connections, window, TargetRate.CLOSED_LOOP, warmup.closedLoop()),
                        MeasuredWindow.fromStart(warmup.closedLoop()), "metric-" + name).measured();
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
                drive = traffic.drive(sides, plan, measured, "metric-" + name);
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
        Side<S> warmUp = warmDrive.sent() == 0 ? null
                : new Side<>(warm, warmDrive, opened.since(start), stalls[MeasuredWindow.WARM_UP]);
        return new Outcome<>(warmUp, new Side<>(measuring, drive.measured(), end.since(opened),
                stalls[MeasuredWindow.MEASURED]), warmupEnd);
    }

    /** The process's CPU time, the system clock and the JVM's counters at one moment. */
    private record Readings(long cpuNanos, long atNanos, JvmCounters jvm) {

        static Readings now() {
            return new Readings(ProcessCpu.nanos(), System.nanoTime(), JvmCounters.now());
        }

        /**
         * What happened from {@code before} to these readings: the CPU time (-1 when unknown), the
         * time between them, the JVM's counts.
         */
        Spent since(Readings before) {
            return new Spent(cpuNanos < 0 || before.cpuNanos < 0 ? -1 : cpuNanos - before.cpuNanos,
                    atNanos - before.atNanos, jvm.since(before.jvm));
        }
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

    /** Every interval: the phase's name (or warm-up) and the figures its traffic shows of the side it is on. */
    private static final class Line<S> implements Runnable {

        private final Traffic<S> traffic;
        private final String name;
        private final List<S> sides;
        private final MeasuredWindow window;
        private final Consumer<String> progress;
        private final long lengthNanos;
        private long lastNanos = System.nanoTime();

        /**
         * @param window on the system clock, as the line's own times are
         * @param length null when the traffic says how much of it is done
         */
        Line(Traffic<S> traffic, String name, List<S> sides, MeasuredWindow window, Duration length,
             Consumer<String> progress) {
            this.traffic = traffic;
            this.name = name;
            this.sides = sides;
            this.window = window;
            this.lengthNanos = length == null ? -1 : length.toNanos();
            this.progress = progress;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            boolean measuring = window.isOpen();
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            double done = !measuring ? 0 : lengthNanos < 0 ? traffic.done()
                    : (double) (now - window.opensAtNanos()) / lengthNanos;
            PhaseProgress.update(progress, done, (measuring ? name : "warm-up") + ": " + traffic.progress(
                    sides.get(measuring ? MeasuredWindow.MEASURED : MeasuredWindow.WARM_UP), seconds));
        }
    }
}
