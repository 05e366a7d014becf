package dev.metric.mode.template;

import dev.metric.breakdown.CommandStats;
import dev.metric.client.ClientSettings;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.MemcachedCommand;
import dev.metric.client.ReplyType;
import dev.metric.config.TrafficPlan;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.DriveSides;
import dev.metric.engine.Engine;
import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.NanoClock;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.result.Faults;
import dev.metric.result.ScheduleKept;
import dev.metric.run.DatabaseHousekeeping;
import dev.metric.run.FlowingPhase;
import dev.metric.run.LaneRandoms;
import dev.metric.run.OperationStats;
import dev.metric.run.OwnKeys;
import dev.metric.run.RunContext;
import dev.metric.run.ServerInfos;
import dev.metric.run.ServerWatch;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyDistribution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs the user's command templates ({@code metric run}): a warm-up that flows into the
 * measurement on the same drive, left out of the figures, then the measured traffic, closed loop or
 * at a target rate, on the same engine, timer and {@link FlowingPhase} as mode2, and reports each
 * template's rate, latency, errors and reply types beside what the server counted. Nothing is
 * written first and nothing is verified.
 */
public final class TemplateRunner {

    private static final long TEMPLATE_SALT = 0x74656D706CL;

    private final TemplateConfig config;
    private final RunContext context;
    private final Consumer<String> progress;

    /** @param context where the server was started, progress and latencies go, and what stops the run */
    public TemplateRunner(TemplateConfig config, RunContext context) {
        this.config = config;
        this.context = context;
        this.progress = context.progress();
    }

    /**
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     */
    public TemplateResult run() throws InterruptedException {
        Instant startedAt = Instant.now();
        ClientSettings settings = config.client();
        TrafficPlan plan = config.plan();
        try (TargetAdmin admin = TargetAdmin.connect(settings);
             KeyValueClient client = Clients.open(config.library(), settings, config.engine(), config.threads(),
                     config.connections(), config.inflight());
             ServerWatch watch = new ServerWatch(settings, admin.nodes(), context.control(), progress)) {
            ServerInfo info = admin.info();
            long keysBefore = DatabaseHousekeeping.prepare(admin, settings.database(), OwnKeys.of(config.dataSet()),
                    config.flush(), true, progress);
            FlowingPhase flowing = new FlowingPhase(NanoClock.SYSTEM, new FlowingPhase.Planning(false,
                    plan.rateTick(), settings.commandTimeout()), config.progressInterval());
            context.control().awaitTrafficStart(progress);
            FlowingPhase.Warmup warmup = FlowingPhase.Warmup.of(plan.warmup());
            if (context.control().startsAtSetTime()) {
                // Generators started together (--start-at) measure together only if each warms up as long.
                warmup = warmup.atItsLeast();
            }
            warmup.announcement(FlowingPhase.paceText(plan.rate())).ifPresent(progress);
            ServerInfo[] before = new ServerInfo[1];
            FlowingPhase.Outcome<TemplateStats> outcome = flowing.run(new Traffic(client, watch), "run", warmup,
                    plan.duration(), plan.rate(), config.threads(), config.connections(), config.inflight(), progress,
                    context.log(), () -> {
                        before[0] = ServerInfos.latest(admin);
                        progress.accept(String.format(Locale.ROOT, "measure: %d s of %d commands, %d threads, %s",
                                plan.duration().toSeconds(), config.templates().size(), config.threads(),
                                FlowingPhase.paceText(plan.rate())));
                    });
            FlowingPhase.cappedWarmup(outcome.warmupEnd()).ifPresent(progress);
            ServerInfo after = ServerInfos.latest(admin);
            boolean counted = ServerInfo.sameRun(before[0], after);
            return summarise(startedAt, info, client, keysBefore, outcome, counted ? CommandStats.of(before[0]) : null,
                    counted ? CommandStats.of(after) : null, new Faults(context.control().reason(), watch.outages()));
        }
    }

    /** The user's templates for the skeleton: each lane draws them by weight, over keys of the data set. */
    private final class Traffic implements FlowingPhase.Traffic<TemplateStats> {

        private final KeyValueClient client;
        private final ServerWatch watch;
        private final DataSet dataSet = config.dataSet();
        private final KeyDistribution.Choosers choosers = config.keyDistribution().over(dataSet.keyCount());
        private final LaneRandoms randoms = new LaneRandoms(config.data().seed() ^ TEMPLATE_SALT);

        Traffic(KeyValueClient client, ServerWatch watch) {
            this.client = client;
            this.watch = watch;
        }

        @Override
        public TemplateStats newSide() {
            return new TemplateStats(config.templates().size());
        }

        @Override
        public DriveSides drive(List<TemplateStats> sides, DrivePlan plan, MeasuredWindow window, String threadName)
                throws InterruptedException {
            int lanes = plan.lanes();
            return Engine.drive(client, plan, window, NanoClock.SYSTEM, watch, lane -> new TemplateWorkload(dataSet,
                    config.templates(), choosers.forWorker(lane, lanes, randoms.of(lane)), randoms.of(lane), sides),
                    threadName);
        }

        @Override
        public Map<String, LatencyRecorder> logTags(TemplateStats measured, boolean paced) {
            return measured.operations.logTags("t");
        }

        @Override
        public Map<String, LongSupplier> liveCounts(TemplateStats measured) {
            return Map.of(IntervalLog.ERRORS, measured.operations.failures::total);
        }

        /** Requests per second, p50 and p99 of response time, errors. */
        @Override
        public String progress(TemplateStats side, double seconds) {
            return side.operations.progressLine(seconds);
        }
    }

    /**
     * What the server counted of {@code template}'s command: -1 when unknown, as for a memcached
     * command whose counter another template's command shares (cmd_set counts set and add alike).
     */
    private long serverCalls(CommandStats before, CommandStats after, CommandTemplate template) {
        if (after == null) {
            return -1;
        }
        if (after.memcached()) {
            List<String> counters = MemcachedCommand.named(template.name()).map(MemcachedCommand::counters)
                    .orElse(List.of());
            boolean shared = config.templates().stream().filter(other -> !other.name().equals(template.name()))
                    .map(other -> MemcachedCommand.named(other.name()).map(MemcachedCommand::counters)
                            .orElse(List.of()))
                    .anyMatch(theirs -> theirs.stream().anyMatch(counters::contains));
            if (shared) {
                return -1;
            }
        }
        return after.callsSince(before, template.name());
    }

    private TemplateResult summarise(Instant startedAt, ServerInfo info, KeyValueClient client, long keysBefore,
                                     FlowingPhase.Outcome<TemplateStats> outcome, CommandStats serverBefore,
                                     CommandStats serverAfter, Faults faults) {
        FlowingPhase.Side<TemplateStats> measured = outcome.measured();
        TemplateStats stats = measured.stats();
        DriveResult drive = measured.drive();
        OperationStats.Rows rows = stats.operations.summarise(drive.elapsedNanos() / 1e9,
                t -> serverCalls(serverBefore, serverAfter, config.templates().get(t)));
        List<TemplateFigures> templates = new ArrayList<>();
        for (int t = 0; t < config.templates().size(); t++) {
            CommandTemplate template = config.templates().get(t);
            Map<String, Long> types = new LinkedHashMap<>();
            for (ReplyType type : ReplyType.values()) {
                long seen = stats.replyTypes[t][type.ordinal()].sum();
                if (seen > 0) {
                    types.put(type.name().toLowerCase(Locale.ROOT), seen);
                }
            }
            templates.add(new TemplateFigures(template.text().strip(), template.weight(), rows.byKind().get(t),
                    types));
        }
        FlowingPhase.Side<TemplateStats> warm = outcome.warmUp();
        long warmupOps = warm == null ? 0 : warm.stats().operations.recorded();
        double warmupSec = warm == null ? 0 : warm.drive().elapsedNanos() / 1e9;
        return new TemplateResult(config, context.header(startedAt, config.client().address(), info, client,
                keysBefore), warmupOps, warmupSec,
                ScheduleKept.of(drive, config.plan().duration()), List.copyOf(templates), rows.all(),
                measured.work(rows.all().count(), rows.all(), rows.service(), rows.ownDelay(),
                        outcome.warmupEnd() == null ? null : outcome.warmupEnd().ending()),
                stats.operations.failures.first(), faults);
    }
}
