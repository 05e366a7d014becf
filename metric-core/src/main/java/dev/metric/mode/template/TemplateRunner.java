package dev.metric.mode.template;

import dev.metric.breakdown.CommandStats;
import dev.metric.client.ClientSettings;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.MemcachedCommand;
import dev.metric.client.ReplyType;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.pacing.NanoClock;
import dev.metric.result.Faults;
import dev.metric.result.ScheduleKept;
import dev.metric.run.DatabaseHousekeeping;
import dev.metric.run.JitSettle;
import dev.metric.run.MeasuredStretch;
import dev.metric.run.OperationStats;
import dev.metric.run.OwnKeys;
import dev.metric.run.RunContext;
import dev.metric.run.ServerWatch;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyDistribution;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Runs the user's command templates ({@code metric run}): a warm-up left out of the figures, then
 * the measured traffic, closed loop or at a target rate, on the same engine and timer as mode2,
 * and reports each template's rate, latency, errors and reply types beside what the server
 * counted. Nothing is written first and nothing is verified.
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
        DataSet dataSet = config.dataSet();
        KeyDistribution.Choosers choosers = config.keyDistribution().over(dataSet.keyCount());
        SplittableRandom root = new SplittableRandom(config.data().seed() ^ TEMPLATE_SALT);
        List<SplittableRandom> randoms = new ArrayList<>();
        for (int lane = 0; lane < config.lanes(); lane++) {
            randoms.add(root.split());
        }
        try (TargetAdmin admin = TargetAdmin.connect(settings);
             KeyValueClient client = Clients.open(config.library(), settings, config.engine(), config.threads(),
                     config.connections(), config.inflight());
             ServerWatch watch = new ServerWatch(settings, admin.nodes(), context.control(), progress)) {
            ServerInfo info = admin.info();
            long keysBefore = DatabaseHousekeeping.prepare(admin, settings.database(), OwnKeys.of(dataSet),
                    config.flush(), true, progress);
            Stretch stretch = (stats, length, name) -> Engine.drive(client,
                    new DrivePlan(config.threads(), config.connections(), config.inflight(), false,
                            config.rate(), length, settings.commandTimeout()), NanoClock.SYSTEM, watch,
                    lane -> new TemplateWorkload(dataSet, config.templates(),
                            choosers.forWorker(lane, config.lanes(), randoms.get(lane)), randoms.get(lane), stats),
                    name);
            context.control().awaitTrafficStart(progress);
            long warmupOps = 0;
            if (!config.warmup().isZero()) {
                progress.accept(String.format("warm-up: %d s, left out of the figures", config.warmup().toSeconds()));
                TemplateStats warmup = new TemplateStats(config.templates().size());
                stretch.drive(warmup, config.warmup(), "metric-warmup");
                warmupOps = warmup.operations.recorded();
            }
            JitSettle.await();
            progress.accept(String.format("measure: %d s of %d commands, %d threads%s", config.duration().toSeconds(),
                    config.templates().size(), config.threads(), config.rate().paced()
                            ? String.format(", %,.0f ops/s", config.rate().opsPerSec()) : ", closed loop"));
            TemplateStats stats = new TemplateStats(config.templates().size());
            MeasuredStretch.Outcome measured = new MeasuredStretch("run", "t", Map.of(), () -> "").measure(admin,
                    context, stats.operations, config.progressInterval(),
                    () -> stretch.drive(stats, config.duration(), "metric-run"));
            return summarise(startedAt, info, client, keysBefore, warmupOps, stats, measured,
                    new Faults(context.control().reason(), watch.outages()));
        }
    }

    /** One stretch of traffic into {@code stats}. */
    @FunctionalInterface
    private interface Stretch {
        DriveResult drive(TemplateStats stats, Duration length, String name) throws InterruptedException;
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
                                     long warmupOps, TemplateStats stats, MeasuredStretch.Outcome measured,
                                     Faults faults) {
        DriveResult drive = measured.drive();
        OperationStats.Rows rows = stats.operations.summarise(drive.elapsedNanos() / 1e9,
                t -> serverCalls(measured.serverBefore(), measured.serverAfter(), config.templates().get(t)));
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
        return new TemplateResult(config, context.header(startedAt, config.client().address(), info, client,
                keysBefore), warmupOps, ScheduleKept.of(drive, config.duration()), List.copyOf(templates),
                rows.all(), measured.cpuMicrosPer(rows.all().count()), stats.operations.failures.first(), faults);
    }
}
