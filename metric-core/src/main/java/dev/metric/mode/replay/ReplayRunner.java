package dev.metric.mode.replay;

import dev.metric.breakdown.CommandStats;
import dev.metric.config.SearchPlan;
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
import dev.metric.result.ClientWork;
import dev.metric.result.Rates;
import dev.metric.result.ScheduleKept;
import dev.metric.result.TrafficShape;
import dev.metric.run.FlowingPhase;
import dev.metric.run.JitSettle;
import dev.metric.run.OperationStats;
import dev.metric.run.OwnKeys;
import dev.metric.run.PhaseProgress;
import dev.metric.run.PhaseSearch;
import dev.metric.run.RunContext;
import dev.metric.run.RunSession;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import dev.metric.search.StepVerdict;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import dev.metric.workload.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Replays a scanned trace ({@code metric replay}): a warm phase that writes the keys the trace
 * reads before writing them, then every command of the trace, each key's commands in order on one
 * lane's connection, as fast as the lanes go, at the trace's times over {@code --speed} or at
 * {@code --rate}: first the warm-up's commands, then, once the JIT compiler has settled, the
 * measured ones. With {@code --find-max}, all of that once per step of a capacity search, at the
 * step's rate. Only the measured commands are in the figures; errors and reads count in every phase
 * and every step. A thread reads the trace again for
 * each pass, ahead of the lanes, and the lanes start once it has read as far ahead as their
 * queues hold. Reports each command's rate and latency beside what the server counted, and what
 * the reads found.
 *
 * @param context where the server was started, progress and latencies go, and what stops the run
 */
public record ReplayRunner(ReplayConfig config, RunContext context) {

    /** Commands metric's own watch of the server sends too, whose server count is not the trace's alone. */
    private static final Set<String> SENT_BY_METRIC = Set.of("INFO", "PING");

    /**
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     * @throws IllegalStateException                        when the trace cannot be read again
     */
    public ReplayResult run() throws InterruptedException {
        try (RunSession session = RunSession.open(config, context, config.client(), config.inflight(),
                new RunSession.Keys(OwnKeys.NONE, config.flush(), false), RunSession.ServerCheck.NONE)) {
            if (session.keysBefore() > 0 && !config.flush().flushes()) {
                progress().accept(String.format("note: %s already holds %,d keys; none is deleted (--flush would), the"
                        + " trace's keys among them are overwritten", session.admin().keyspace(
                                config.client().database()), session.keysBefore()));
            }
            Replay replay = new Replay(session, serverKnows(session.admin(), config.trace().summary().format()));
            if (config.search() == null) {
                Measured measured = replay.pass(config.rate(), () -> progress().accept(String.format(
                        "replay: %,d commands of %s, %d lanes, %s", config.trace().summary().replayed().commands()
                                - config.warmupCommands(), config.trace().summary().file(), config.lanes(),
                        config.timed() ? String.format("at %s times the trace's pace", config.speed())
                                : config.rate().paced() ? FlowingPhase.paceText(config.rate())
                                : "as fast as they go")));
                return result(session, replay, measured, measured.totals(), measured.commands(), SearchAnswer.none());
            }
            return search(session, replay);
        }
    }

    /**
     * --find-max: steps at rising rates, each a whole replay of the trace (its warm phase, which sets
     * the keys it reads first back to what the replay expects, its warm-up, then its measured
     * commands at the step's rate) judged by the objectives. The lanes stay those the trace was
     * scanned for, so that each key's commands keep their order: a step the client was late for
     * fails its rate. The result's figures are its highest passing step's, its reads' checks those
     * of every step.
     */
    private ReplayResult search(RunSession session, Replay replay) throws InterruptedException {
        SearchPlan search = config.search();
        progress().accept(String.format(Locale.ROOT, "find-max: each step a replay of the whole trace, from %,.0f"
                        + " ops/s, at most %d steps, objectives %s; a rate passes twice to count; the lanes stay the"
                        + " trace's %d, so a step the client is late for fails its rate",
                config.searchStart().opsPerSec(), search.maxSteps(), search.slos(), config.lanes()));
        PhaseSearch.Lanes lanes = new PhaseSearch.Lanes(config.threads(), config.connections(), config.inflight());
        int[] number = {0};
        Measured[] first = {null};
        CapacitySearch.Outcome<ReplayStep> outcome = new CapacitySearch(config.searchStart(), search.maxSteps(), 1)
                .run((rate, factor, purpose) -> {
                    int step = ++number[0];
                    long mismatchesBefore = replay.checks.mismatches.count();
                    Measured measured = replay.pass(new TargetRate(rate), () -> progress().accept(
                            PhaseSearch.stepLine(step, rate, purpose, lanes)));
                    if (first[0] == null) {
                        first[0] = measured;
                    }
                    if (context.control().stopped()) {
                        return null;
                    }
                    long mismatches = replay.checks.mismatches.count() - mismatchesBefore;
                    ReplayResult.Totals totals = measured.totals();
                    StepVerdict verdict = StepVerdict.judge(search.slos(), measured.times().responseNanos(),
                            measured.times().serviceNanos(), measured.errors() + mismatches, 0,
                            totals.work().jvm().stalls());
                    progress().accept(PhaseSearch.verdictLine(step, rate, new ScheduleKept(totals.durationSec(),
                                    totals.all().count(), totals.opsPerSec(), 0), totals.all(), measured.service(),
                            verdict, totals.work().jvm()));
                    return new ReplayStep(purpose, new TrafficShape(rate, lanes.threads(), lanes.connections(),
                            lanes.window()), totals, measured.commands(), measured.errors(), mismatches, verdict);
                });
        SearchAnswer<ReplayStep> answer = SearchAnswer.of(outcome);
        ReplayStep headline = answer.headline();
        if (headline == null && !answer.steps().isEmpty()) {
            headline = answer.steps().get(answer.steps().size() - 1);
        }
        return result(session, replay, first[0], headline == null ? ReplayResult.Totals.NONE : headline.totals(),
                headline == null ? List.of() : headline.commands(), answer);
    }

    /**
     * Whether the server knows a command of the trace, named in upper case as the trace's readers
     * name it: every one of a YCSB trace, whose commands are its binding's; of a plain or MONITOR
     * trace, those its COMMAND reply names, or every one when it does not say. The reply's names are
     * put in upper case here, once, rather than each line's name in lower case as it is read.
     */
    private Predicate<String> serverKnows(TargetAdmin admin, TraceFormat format) {
        if (format == TraceFormat.YCSB) {
            return name -> true;
        }
        Optional<Set<String>> known = admin.commandNames();
        if (known.isEmpty()) {
            progress().accept("note: the server does not list its commands (COMMAND), so every command of the trace"
                    + " is sent, those it does not know too");
            return name -> true;
        }
        Set<String> names = known.get().stream().map(name -> name.toUpperCase(Locale.ROOT))
                .collect(Collectors.toSet());
        return names::contains;
    }

    /**
     * A replay's passes over the trace, each from the state its warm phase leaves: what its reads
     * found ({@link #checks}) and each lane's keys in doubt carry from one pass to the next.
     */
    private final class Replay {

        private final RunSession session;
        private final Predicate<String> serverKnows;
        private final ReadChecks checks = new ReadChecks();
        private final KeyIdSet[] inDoubt = new KeyIdSet[config.lanes()];
        /** The first failure of the measured commands of any pass; null while none failed. */
        private String firstError;
        /** Whether the traffic's start (--start-at) was awaited: after the first pass's warm phase. */
        private boolean started;

        Replay(RunSession session, Predicate<String> serverKnows) {
            this.session = session;
            this.serverKnows = serverKnows;
            for (int lane = 0; lane < inDoubt.length; lane++) {
                inDoubt[lane] = new KeyIdSet();
            }
        }

        /**
         * The warm phase, the warm-up at {@code rate}, then, once the JIT has settled, the measured
         * commands at {@code rate} on the skeleton ({@link FlowingPhase}: its stall meter and the
         * JVM's counters), {@code atMeasure} run just before them.
         */
        Measured pass(TargetRate rate, Runnable atMeasure) throws InterruptedException {
            UnmeasuredPhase warm = warm();
            if (!started) {
                // The warm phase is a replay's preload: generators started together begin after it.
                session.awaitTrafficStart();
                started = true;
            }
            Pass pass = new Pass(TraceFeeder.Pass.REPLAY, rate, config.warmupCommands());
            UnmeasuredPhase warmup = UnmeasuredPhase.NONE;
            if (config.warmupCommands() > 0) {
                progress().accept(String.format("warm-up: the trace's first %,d commands, left out of the figures",
                        config.warmupCommands()));
                warmup = pass.unmeasured("metric-warmup");
            }
            JitSettle.await();
            ServerInfo[] before = new ServerInfo[1];
            FlowingPhase.Outcome<ReplayStats> outcome = new FlowingPhase(NanoClock.SYSTEM, pass.planning(),
                    config.progressInterval())
                    .run(pass, "replay", FlowingPhase.Warmup.NONE, null, rate, config.threads(), config.connections(),
                            config.inflight(), progress(), context.log(), () -> {
                                before[0] = session.latestInfo();
                                atMeasure.run();
                            });
            pass.finish();
            Measured figures = measured(new ReplayResult.Unmeasured(warm, warmup), outcome.measured(), before[0],
                    session.latestInfo(), pass.unknown());
            firstError = firstError != null ? firstError : figures.firstError();
            return figures;
        }

        /** Writes the keys the trace reads before it writes them, closed loop, left out of the figures. */
        private UnmeasuredPhase warm() throws InterruptedException {
            long keys = config.trace().summary().keyCounts().warmKeys();
            if (keys == 0) {
                return UnmeasuredPhase.NONE;
            }
            progress().accept(String.format("warm: writing the %,d keys the trace reads before it writes them, left"
                    + " out of the figures", keys));
            Pass pass = new Pass(TraceFeeder.Pass.WARM, TargetRate.CLOSED_LOOP, 0);
            UnmeasuredPhase warmed = pass.unmeasured("metric-warm");
            pass.finish();
            return warmed;
        }

        /**
         * One pass over the trace: a thread that reads it ahead of the lanes, started at once, and the
         * drives of its commands: the warm-up's, if it has one, then the measured one's. Each lane's
         * keys whose writes failed stay in doubt from one drive, and one pass, to the next.
         */
        private final class Pass implements FlowingPhase.Traffic<ReplayStats> {

            /** The pace against the trace's times: 0, as fast as the lanes go, for the warm phase. */
            private final double speed;
            /** The pace of the warm-up and the measurement at a rate; the warm phase's is a closed loop. */
            private final TargetRate rate;
            private final LaneFeeds feeds;
            private final TraceFeeder feeder;
            private final Thread reader;
            /** The row each command name has: the warm phase's writes are of one kind. */
            private final int kinds;

            Pass(TraceFeeder.Pass which, TargetRate rate, long warmupCommands) {
                this.speed = which == TraceFeeder.Pass.WARM ? 0 : config.speed();
                this.rate = rate;
                this.kinds = which == TraceFeeder.Pass.WARM ? 1 : config.trace().commandNames().size();
                this.feeds = new LaneFeeds(config.lanes(), speed > 0 || rate.paced() ? LaneFeeds.PACED_CAPACITY
                        : LaneFeeds.CAPACITY, session.watch()::stopRequested);
                this.feeder = new TraceFeeder(config.trace(), which, feeds, config.warmValueSizes(), warmupCommands,
                        serverKnows);
                this.reader = feeder.start("metric-" + which.name().toLowerCase(Locale.ROOT) + "-reader");
            }

            /**
             * How this pass's drives are planned: one request at a time per lane, a paced schedule
             * released in the run's tick; none in a closed loop or at the trace's times.
             */
            FlowingPhase.Planning planning() {
                return new FlowingPhase.Planning(false, rate.paced() ? config.rateTick() : Duration.ZERO,
                        config.client().commandTimeout());
            }

            /**
             * Drives the lanes, once the reader is ahead, to the end of their commands or of their
             * warm-up, all of it left out of the figures.
             */
            UnmeasuredPhase unmeasured(String name) throws InterruptedException {
                ReplayStats stats = newSide();
                DriveResult drive = drive(List.of(stats, stats), planning().plan(config.threads(), config.connections(),
                        config.inflight(), rate, null), MeasuredWindow.fromStart(null), name).measured();
                return stats.unmeasured(drive.elapsedNanos() / 1e9);
            }

            @Override
            public ReplayStats newSide() {
                return new ReplayStats(kinds, checks);
            }

            /** Drives the lanes, once the reader is ahead, until each reaches the end of its commands or warm-up. */
            @Override
            public DriveSides drive(List<ReplayStats> sides, DrivePlan plan, MeasuredWindow window, String threadName)
                    throws InterruptedException {
                feeds.awaitReadAhead();
                return Engine.drive(session.client(), plan, window, NanoClock.SYSTEM, session.watch(),
                        lane -> new ReplayWorkload(feeds, lane, sides, speed, inDoubt[lane]), threadName);
            }

            @Override
            public Map<String, LatencyRecorder> logTags(ReplayStats measured, boolean paced) {
                return measured.operations.logTags("c");
            }

            @Override
            public Map<String, LongSupplier> liveCounts(ReplayStats measured) {
                Map<String, LongSupplier> counts = new LinkedHashMap<>();
                counts.put(IntervalLog.ERRORS, measured.operations.failures::total);
                counts.put(IntervalLog.VERIFICATION_FAILURES, checks.mismatches::count);
                return counts;
            }

            /** Commands per second, p50 and p99 of response time, errors, the reads' mismatches, the reader's line. */
            @Override
            public String progress(ReplayStats side, double seconds) {
                return side.operations.progressLine(seconds) + String.format(PhaseProgress.NUMBERS,
                        ", %,d mismatches, line %,d of %,d read", checks.mismatches.count(), feeder.linesRead(),
                        config.trace().summary().lines());
            }

            /** The trace's lines read: the reader is ahead of the lanes by at most their queues. */
            @Override
            public double done() {
                return (double) feeder.linesRead() / Math.max(1, config.trace().summary().lines());
            }

            /** Waits for the reader to end; its failure, if it had one, fails the run. */
            void finish() throws InterruptedException {
                reader.join();
                if (feeder.failure() != null) {
                    throw new IllegalStateException("reading " + config.trace().summary().file() + " again failed: "
                            + feeder.failure().getMessage(), feeder.failure());
                }
            }

            /** The commands the server does not know, by name, none sent: once {@link #finish} returned. */
            Map<String, Long> unknown() {
                return feeder.unknown();
            }
        }
    }

    /**
     * What one pass measured.
     *
     * @param unmeasured its warm phase and warm-up
     * @param totals     its measured commands together
     * @param commands   a row per command name sent
     * @param service    every measured command's service time
     * @param times      every measured command's response and service times, for judging objectives
     * @param errors     commands that failed, in the warm phase and the warm-up too
     * @param firstError the first failure of its measured commands, or null
     * @param unknown    the commands the server does not know, by name, none sent
     */
    private record Measured(ReplayResult.Unmeasured unmeasured, ReplayResult.Totals totals,
                            List<ReplayFigures> commands, LatencySummary service, OperationStats.Times times,
                            long errors, String firstError, Map<String, Long> unknown) {
    }

    /** The figures of a pass's {@code measured} commands, the server read {@code before} and {@code after} them. */
    private Measured measured(ReplayResult.Unmeasured unmeasured, FlowingPhase.Side<ReplayStats> measured,
                              ServerInfo before, ServerInfo after, Map<String, Long> unknown) {
        OperationStats stats = measured.stats().operations;
        double seconds = measured.drive().elapsedNanos() / 1e9;
        List<String> names = config.trace().commandNames();
        OperationStats.Rows rows = stats.summarise(seconds, c -> SENT_BY_METRIC.contains(names.get(c))
                || names.get(c).equals(TraceScan.OTHER_COMMANDS) ? -1
                : CommandStats.callsBetween(before, after, names.get(c)));
        List<ReplayFigures> commands = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            if (!unknown.containsKey(names.get(c))) { // else never sent
                commands.add(new ReplayFigures(names.get(c), rows.byKind().get(c)));
            }
        }
        long total = rows.all().count();
        ClientWork work = measured.work(total, rows.all(), rows.service(), rows.ownDelay(), null);
        return new Measured(unmeasured, new ReplayResult.Totals(seconds, Rates.perSecond(total, seconds), rows.all(),
                rows.lateness(), work), List.copyOf(commands), rows.service(), rows.times(),
                stats.failures.total() + unmeasured.errors(), stats.failures.first(), unknown);
    }

    /**
     * The result: the phases before the measurement of {@code first}, the replay's {@code totals} and
     * {@code commands} rows (a search's headline step's), the checks and first failure of every pass;
     * a null {@code first} when the run was stopped before a pass ended.
     */
    private ReplayResult result(RunSession session, Replay replay, Measured first, ReplayResult.Totals totals,
                                List<ReplayFigures> commands, SearchAnswer<ReplayStep> search) {
        ReadChecks checks = replay.checks;
        Map<String, Long> failures = new LinkedHashMap<>();
        for (Verdict verdict : Verdict.values()) {
            if (checks.mismatches.count(verdict) > 0) {
                failures.put(verdict.name().toLowerCase(Locale.ROOT), checks.mismatches.count(verdict));
            }
        }
        return new ReplayResult(config, session.header(), first == null ? ReplayResult.Unmeasured.NONE
                : first.unmeasured(), totals, commands, first == null ? Map.of() : first.unknown(),
                new ReplayCheck(checks.judged(), checks.intact.sum(), failures, checks.mismatches.first(),
                        checks.notJudged.sum(), checks.missesWithTtl.sum(), checks.listedReads.sum()),
                replay.firstError, session.faults(), search);
    }

    /** Where progress lines go. */
    private Consumer<String> progress() {
        return context.progress();
    }
}
