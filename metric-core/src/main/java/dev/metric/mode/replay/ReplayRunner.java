package dev.metric.mode.replay;

import dev.metric.breakdown.CommandStats;
import dev.metric.client.ClientSettings;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.result.Faults;
import dev.metric.result.RunEnvironment;
import dev.metric.result.ServerDescription;
import dev.metric.run.DatabaseHousekeeping;
import dev.metric.run.JitSettle;
import dev.metric.run.LoggedIntervals;
import dev.metric.run.ProcessCpu;
import dev.metric.run.ProgressTicker;
import dev.metric.run.Rates;
import dev.metric.run.RunContext;
import dev.metric.run.ServerInfos;
import dev.metric.run.ServerWatch;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import dev.metric.workload.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Replays a scanned trace ({@code metric replay}): a warm phase that writes the keys the trace
 * reads before writing them, left out of the figures, then every command of the trace, each key's
 * commands in order on one lane's connection, as fast as the lanes go or at the trace's times
 * over {@code --speed}. A thread reads the trace again for each phase, ahead of the lanes, and
 * the lanes start once it has read as far ahead as their queues hold. Reports each command's rate
 * and latency beside what the server counted, and what the reads found.
 */
public final class ReplayRunner {

    /** Commands metric's own watch of the server sends too, whose server count is not the trace's alone. */
    private static final Set<String> SENT_BY_METRIC = Set.of("INFO", "PING");

    private final ReplayConfig config;
    private final RunContext context;
    private final Consumer<String> progress;

    /** @param context where the server was started, progress and latencies go, and what stops the run */
    public ReplayRunner(ReplayConfig config, RunContext context) {
        this.config = config;
        this.context = context;
        this.progress = context.progress();
    }

    /**
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     * @throws IllegalStateException                        when the trace cannot be read again
     */
    public ReplayResult run() throws InterruptedException {
        Instant startedAt = Instant.now();
        ClientSettings settings = config.client();
        TraceSummary summary = config.trace().summary();
        try (TargetAdmin admin = TargetAdmin.connect(settings);
             KeyValueClient client = Clients.open(config.library(), settings, config.engine(), config.threads(),
                     config.connections(), config.inflight());
             ServerWatch watch = new ServerWatch(settings, admin.nodes(), context.control(), progress)) {
            ServerInfo info = admin.info();
            long keysBefore = DatabaseHousekeeping.prepare(admin, settings.database(), "", config.flush(), false,
                    progress);
            if (keysBefore > 0 && !config.flush().flushes()) {
                progress.accept(String.format("note: %s already holds %,d keys; none is deleted (--flush would), the"
                        + " trace's keys among them are overwritten", admin.keyspace(settings.database()), keysBefore));
            }
            context.control().awaitTrafficStart(progress);
            WarmPhase warm = warm(client, watch);
            JitSettle.await();
            progress.accept(String.format("replay: %,d commands of %s, %d lanes, %s", summary.commands(),
                    summary.file(), config.lanes(), config.timed()
                            ? String.format("at %s times the trace's pace", config.speed()) : "as fast as they go"));
            ReplayStats stats = new ReplayStats(config.trace().commandNames().size());
            ServerInfo before = ServerInfos.latest(admin);
            long cpuBefore = ProcessCpu.nanos();
            Pass pass = new Pass(TraceFeeder.Pass.REPLAY, stats);
            DriveResult drive;
            try (LoggedIntervals logged = LoggedIntervals.start(context.log(), logTags(stats));
                 ProgressTicker ticker = ProgressTicker.every(config.progressInterval(), new IntervalLine(stats,
                         pass))) {
                drive = pass.drive(client, watch, "metric-replay");
            }
            long cpuAfter = ProcessCpu.nanos();
            ServerInfo after = ServerInfos.latest(admin);
            boolean counted = ServerInfo.sameRun(before, after);
            return summarise(startedAt, info, client, keysBefore, warm, stats, drive,
                    counted ? CommandStats.of(before) : null, counted ? CommandStats.of(after) : null,
                    cpuBefore < 0 ? -1 : cpuAfter - cpuBefore, new Faults(context.control().reason(), watch.outages()));
        }
    }

    /** Writes the keys the trace reads before it writes them, closed loop, left out of the figures. */
    private WarmPhase warm(KeyValueClient client, ServerWatch watch) throws InterruptedException {
        long keys = config.trace().summary().warmKeys();
        if (keys == 0) {
            return new WarmPhase(0, 0, 0, null);
        }
        progress.accept(String.format("warm: writing the %,d keys the trace reads before it writes them, left out of"
                + " the figures", keys));
        ReplayStats stats = new ReplayStats(1);
        DriveResult drive = new Pass(TraceFeeder.Pass.WARM, stats).drive(client, watch, "metric-warm");
        return new WarmPhase(stats.timers[0].response().total().getTotalCount(), drive.elapsedNanos() / 1e9,
                stats.failures.total(), stats.failures.first());
    }

    /** One pass over the trace: a reader thread ahead of the lanes, then the drive. */
    private final class Pass {

        private final TraceFeeder.Pass which;
        private final ReplayStats stats;
        private LaneFeeds feeds;
        private TraceFeeder feeder;

        Pass(TraceFeeder.Pass which, ReplayStats stats) {
            this.which = which;
            this.stats = stats;
        }

        DriveResult drive(KeyValueClient client, ServerWatch watch, String name) throws InterruptedException {
            feeds = new LaneFeeds(config.lanes(), watch::stopRequested);
            feeder = new TraceFeeder(config.trace(), which, feeds, config.warmValueSizes());
            Thread reader = feeder.start(name + "-reader");
            feeds.awaitReadAhead();
            DriveResult drive = Engine.drive(client, new DrivePlan(config.threads(), config.connections(),
                            config.inflight(), false, TargetRate.CLOSED_LOOP, null, config.client().commandTimeout()),
                    NanoClock.SYSTEM, watch, lane -> new ReplayWorkload(feeds, lane, stats,
                            which == TraceFeeder.Pass.WARM ? 0 : config.speed()), name);
            reader.join();
            if (feeder.failure() != null) {
                throw new IllegalStateException("reading " + config.trace().summary().file() + " again failed: "
                        + feeder.failure().getMessage(), feeder.failure());
            }
            return drive;
        }

        long linesRead() {
            return feeder == null ? 0 : feeder.linesRead();
        }
    }

    private static Map<String, LatencyRecorder> logTags(ReplayStats stats) {
        Map<String, LatencyRecorder> tags = new LinkedHashMap<>();
        for (int c = 0; c < stats.timers.length; c++) {
            tags.put("c" + (c + 1), stats.timers[c].response());
        }
        return tags;
    }

    private ReplayResult summarise(Instant startedAt, ServerInfo info, KeyValueClient client, long keysBefore,
                                   WarmPhase warm, ReplayStats stats, DriveResult drive, CommandStats serverBefore,
                                   CommandStats serverAfter, long cpuNanos, Faults faults) {
        double seconds = drive.elapsedNanos() / 1e9;
        List<String> names = config.trace().commandNames();
        Histogram all = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
        Histogram lateness = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
        List<Histogram> responses = new ArrayList<>();
        long total = 0;
        for (int c = 0; c < names.size(); c++) {
            responses.add(stats.timers[c].response().total());
            total += responses.get(c).getTotalCount();
            lateness.add(stats.timers[c].sendLateness().total());
        }
        List<ReplayFigures> rows = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            Histogram response = responses.get(c);
            all.add(response);
            long count = response.getTotalCount();
            String name = names.get(c);
            long serverCalls = serverAfter == null || SENT_BY_METRIC.contains(name)
                    || name.equals(TraceScan.OTHER_COMMANDS) ? -1 : serverAfter.callsSince(serverBefore, name);
            rows.add(new ReplayFigures(name, count, total == 0 ? 0 : (double) count / total,
                    Rates.perSecond(count, seconds), Rates.megabytesPerSecond(stats.payloadBytes[c].sum(), seconds),
                    LatencySummary.of(response), LatencySummary.of(stats.timers[c].service().total()),
                    stats.failures.count(c), serverCalls));
        }
        Map<String, Long> failures = new LinkedHashMap<>();
        for (Verdict verdict : Verdict.values()) {
            if (stats.mismatches.count(verdict) > 0) {
                failures.put(verdict.name().toLowerCase(java.util.Locale.ROOT), stats.mismatches.count(verdict));
            }
        }
        return ReplayResult.builder()
                .config(config)
                .startedAt(startedAt)
                .address(config.client().address())
                .server(ServerDescription.of(info, context.embeddedServer()))
                .client(client.describe())
                .environment(RunEnvironment.current())
                .keysBefore(keysBefore)
                .warm(warm)
                .durationSec(seconds)
                .opsPerSec(Rates.perSecond(total, seconds))
                .commands(rows)
                .all(LatencySummary.of(all))
                .lateness(LatencySummary.of(lateness))
                .check(new ReplayCheck(stats.judged(), stats.intact.sum(), failures, stats.mismatches.first(),
                        stats.notJudged.sum(), stats.missesWithTtl.sum()))
                .clientCpuMicrosPerOp(cpuNanos < 0 || total == 0 ? -1 : cpuNanos / 1e3 / total)
                .firstError(stats.failures.first())
                .faults(faults)
                .build();
    }

    /** Every interval: commands per second, p50 and p99 of response time, errors, how far the reader is. */
    private final class IntervalLine implements Runnable {

        private final ReplayStats stats;
        private final Pass pass;
        private long lastNanos = System.nanoTime();

        IntervalLine(ReplayStats stats, Pass pass) {
            this.stats = stats;
            this.pass = pass;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            Histogram interval = stats.progress.takeInterval();
            double seconds = (now - lastNanos) / 1e9;
            lastNanos = now;
            progress.accept(String.format("replay: %,.0f ops/s, p50 %.3f ms, p99 %.3f ms (last %.0f s), %,d errors, "
                            + "%,d mismatches, line %,d of %,d read", interval.getTotalCount() / seconds,
                    interval.getValueAtPercentile(50) / 1e6, interval.getValueAtPercentile(99) / 1e6, seconds,
                    stats.failures.total(), stats.mismatches.count(), pass.linesRead(),
                    config.trace().summary().lines()));
        }
    }
}
