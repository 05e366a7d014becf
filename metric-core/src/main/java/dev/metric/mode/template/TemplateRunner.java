package dev.metric.mode.template;

import dev.metric.breakdown.CommandStats;
import dev.metric.client.KeyValueClient;
import dev.metric.client.MemcachedCommand;
import dev.metric.client.ReplyType;
import dev.metric.config.ReadFrom;
import dev.metric.config.SearchPlan;
import dev.metric.config.TrafficPlan;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.DriveSides;
import dev.metric.engine.Engine;
import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.result.ClientWork;
import dev.metric.result.ScheduleKept;
import dev.metric.result.TrafficShape;
import dev.metric.run.FlowingPhase;
import dev.metric.run.LaneRandoms;
import dev.metric.run.OperationStats;
import dev.metric.run.OwnKeys;
import dev.metric.run.PhaseSearch;
import dev.metric.run.RunContext;
import dev.metric.run.RunSession;
import dev.metric.run.ServerWatch;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import dev.metric.search.StepVerdict;
import dev.metric.server.ServerAdmin;
import dev.metric.server.ServerInfo;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyChooser;
import dev.metric.workload.KeyDistribution;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs the user's command templates ({@code metric run}): a warm-up that flows into the
 * measurement on the same drive, left out of the figures, then the measured traffic, closed loop or
 * at a target rate, on the same engine, timer and {@link FlowingPhase} as mode2, and reports each
 * template's rate, latency, errors and reply types beside what the server counted. Nothing is
 * written first and nothing is verified.
 *
 * @param context where the server was started, progress and latencies go, and what stops the run
 */
public record TemplateRunner(TemplateConfig config, RunContext context) {

    private static final long TEMPLATE_SALT = 0x74656D706CL;

    /**
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     */
    public TemplateResult run() throws InterruptedException {
        TrafficPlan plan = config.plan();
        try (RunSession session = RunSession.open(config, context, PhaseSearch.poolFor(config, plan),
                config.inflight(), new RunSession.Keys(OwnKeys.of(config.dataSet()), config.flush(), true),
                RunSession.ServerCheck.NONE)) {
            FlowingPhase flowing = new FlowingPhase(NanoClock.SYSTEM, new FlowingPhase.Planning(false,
                    plan.rateTick(), config.client().commandTimeout()), config.progressInterval());
            Traffic traffic = new Traffic(session.client(), session.watch(), toReplicas(session));
            session.awaitTrafficStart();
            if (plan.search() != null) {
                return search(session, flowing, traffic);
            }
            FlowingPhase.Warmup warmup = FlowingPhase.Warmup.of(plan.warmup());
            if (context.control().startsAtSetTime()) {
                // Generators started together (--start-at) measure together only if each warms up as long.
                warmup = warmup.atItsLeast();
            }
            warmup.announcement(FlowingPhase.paceText(plan.rate())).ifPresent(progress());
            ServerInfo[] before = new ServerInfo[1];
            FlowingPhase.Outcome<TemplateStats> outcome = flowing.run(traffic, "run", warmup, config.length(),
                    plan.rate(), config.threads(), config.connections(), config.inflight(), progress(), context.log(),
                    () -> {
                        before[0] = session.latestInfo();
                        progress().accept(String.format(Locale.ROOT, "measure: %s of %d commands%s, %d threads, %s",
                                config.requests() == null ? plan.duration().toSeconds() + " s"
                                        : config.requests().describe(), config.templates().size(),
                                orderText(config), config.threads(),
                                FlowingPhase.paceText(plan.rate())));
                    });
            FlowingPhase.cappedWarmup(outcome.warmupEnd()).ifPresent(progress());
            Measured measured = measured(outcome, config.length(), before[0], session.latestInfo(),
                    traffic.toReplicas);
            return result(session, outcome.warmUp(), measured.traffic(), SearchAnswer.none());
        }
    }

    /**
     * Each template's key choosers over {@code keyCount} keys: those of its own distribution, or the
     * run's, prepared once for all the templates that share it.
     */
    private List<KeyDistribution.Choosers> choosersByTemplate(int keyCount) {
        KeyDistribution.Choosers shared = config.keyDistribution().over(keyCount);
        return config.templates().stream().map(template -> template.keys() == null ? shared
                : template.keys().over(keyCount)).toList();
    }

    /**
     * Which templates may go to a replica under {@code --read-from}: those of a command the server
     * flags read-only in its {@code COMMAND} reply, said on the progress lines; none otherwise.
     */
    private boolean[] toReplicas(RunSession session) {
        boolean[] toReplicas = new boolean[config.templates().size()];
        if (!config.readFrom().replicas()) {
            return toReplicas;
        }
        Set<String> readOnly = session.admin() instanceof ServerAdmin server
                ? server.readOnlyCommands().orElse(Set.of()) : Set.of();
        List<String> routed = new ArrayList<>();
        for (int t = 0; t < toReplicas.length; t++) {
            String command = config.templates().get(t).words().get(0).toLowerCase(Locale.ROOT);
            toReplicas[t] = readOnly.contains(command);
            if (toReplicas[t]) {
                routed.add(command.toUpperCase(Locale.ROOT));
            }
        }
        progress().accept(routed.isEmpty() ? "reads: no template is of a command the server flags read-only, so"
                + " every one goes to the primary (--read-from)" : "reads: the templates of " + String.join(", ",
                routed) + ", read-only commands, go to " + (config.readFrom() == ReadFrom.REPLICAS ? "the replicas"
                : "the primary or a replica at even odds") + "; the rest to the primary");
        return toReplicas;
    }

    /**
     * --find-max: steps at rising rates on {@link PhaseSearch}, each warmed up and measured on the
     * skeleton and judged by the objectives; the result's figures are its highest passing step's.
     */
    private TemplateResult search(RunSession session, FlowingPhase flowing, Traffic traffic)
            throws InterruptedException {
        TrafficPlan plan = config.plan();
        SearchPlan search = plan.search();
        List<FlowingPhase.Side<TemplateStats>> firstWarmup = new ArrayList<>();
        CapacitySearch.Outcome<TemplateStep> outcome = PhaseSearch.run(search, plan.searchStart(),
                new PhaseSearch.Lanes(config.threads(), config.connections(), config.inflight()),
                Engine.onEventLoops(session.client()), plan.warmup(), progress(),
                (number, rate, purpose, lanes, warmup) -> {
                    ServerInfo[] before = new ServerInfo[1];
                    FlowingPhase.Outcome<TemplateStats> step = flowing.run(traffic,
                            String.format(Locale.ROOT, "step %,.0f ops/s", rate), warmup, search.stepDuration(),
                            new TargetRate(rate), lanes.threads(), lanes.connections(), lanes.window(), progress(),
                            context.log(), () -> {
                                before[0] = session.latestInfo();
                                progress().accept(PhaseSearch.stepLine(number, rate, purpose, lanes));
                            });
                    FlowingPhase.cappedWarmup(step.warmupEnd()).ifPresent(progress());
                    if (number == 1 && step.warmUp() != null) {
                        firstWarmup.add(step.warmUp());
                    }
                    if (context.control().stopped()) {
                        return null;
                    }
                    Measured measured = measured(step, search.stepDuration(), before[0], session.latestInfo(),
                            traffic.toReplicas);
                    TemplateTraffic figures = measured.traffic();
                    StepVerdict verdict = StepVerdict.judge(search.slos(), measured.times().responseNanos(),
                            measured.times().serviceNanos(), figures.errors(), figures.schedule().unsentOps(),
                            figures.work().jvm().stalls());
                    progress().accept(PhaseSearch.verdictLine(number, rate, figures.schedule(), figures.all(),
                            figures.service(), verdict, figures.work().jvm()));
                    return new TemplateStep(purpose, new TrafficShape(rate, lanes.threads(), lanes.connections(),
                            lanes.window()), figures, verdict);
                });
        SearchAnswer<TemplateStep> answer = SearchAnswer.of(outcome);
        TemplateStep headline = answer.headline();
        if (headline == null && !answer.steps().isEmpty()) {
            headline = answer.steps().get(answer.steps().size() - 1);
        }
        return result(session, firstWarmup.isEmpty() ? null : firstWarmup.get(0),
                headline == null ? TemplateTraffic.NONE : headline.traffic(), answer);
    }

    /** The user's templates for the skeleton: each lane draws them by weight, over keys of the data set. */
    private final class Traffic implements FlowingPhase.Traffic<TemplateStats> {

        private final KeyValueClient client;
        private final ServerWatch watch;
        private final DataSet dataSet = config.dataSet();
        /** Each template's key choosers: its own distribution's, or the run's. */
        private final List<KeyDistribution.Choosers> choosers = choosersByTemplate(dataSet.keyCount());
        private final LaneRandoms randoms = new LaneRandoms(config.data().seed() ^ TEMPLATE_SALT);

        /** Whether each template's requests may go to a replica. */
        private final boolean[] toReplicas;

        Traffic(KeyValueClient client, ServerWatch watch, boolean[] toReplicas) {
            this.client = client;
            this.watch = watch;
            this.toReplicas = toReplicas;
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
                    config.templates(), config.templateOrder(), keysOf(lane, lanes), randoms.of(lane), sides,
                    new TemplateWorkload.Routing(config.readFrom(), toReplicas), config.requests() == null
                            ? Long.MAX_VALUE : config.requests().forLane(lane, lanes, dataSet.keyCount())), threadName);
        }

        /** Lane {@code lane}'s chooser of each template's keys, each drawing from the lane's own random. */
        private List<KeyChooser> keysOf(int lane, int lanes) {
            SplittableRandom random = randoms.of(lane);
            return choosers.stream().map(chooser -> chooser.forWorker(lane, lanes, random)).toList();
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
    private long serverCalls(ServerInfo before, ServerInfo after, CommandTemplate template) {
        if (after != null && after.memcached()) {
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
        return CommandStats.callsBetween(before, after, template.words());
    }

    /**
     * What a stretch's measured side holds: its traffic and every request's times.
     *
     * @param traffic what it measured
     * @param times   every request's response and service times, for judging objectives
     */
    private record Measured(TemplateTraffic traffic, OperationStats.Times times) {
    }

    /**
     * The measured side of {@code outcome}, planned to last {@code length}, the server read around it:
     * the primary, whose count of a template sent to replicas ({@code toReplicas}) is not the run's.
     */
    private Measured measured(FlowingPhase.Outcome<TemplateStats> outcome, Duration length, ServerInfo before,
                              ServerInfo after, boolean[] toReplicas) {
        FlowingPhase.Side<TemplateStats> measured = outcome.measured();
        TemplateStats stats = measured.stats();
        DriveResult drive = measured.drive();
        OperationStats.Rows rows = stats.operations.summarise(drive.elapsedNanos() / 1e9,
                t -> toReplicas[t] ? -1 : serverCalls(before, after, config.templates().get(t)));
        List<TemplateFigures> templates = new ArrayList<>();
        for (int t = 0; t < config.templates().size(); t++) {
            CommandTemplate template = config.templates().get(t);
            templates.add(new TemplateFigures(template.text().strip(), template.weight(), rows.byKind().get(t),
                    replyTypes(stats, new int[] {t})));
        }
        List<CommandFigures> commands = new ArrayList<>();
        for (Map.Entry<String, int[]> command : templatesByCommand().entrySet()) {
            int[] kinds = command.getValue();
            boolean anyToReplicas = Arrays.stream(kinds).anyMatch(t -> toReplicas[t]);
            OperationStats.Together together = stats.operations.summariseTogether(kinds, drive.elapsedNanos() / 1e9,
                    anyToReplicas ? -1 : serverCalls(before, after, config.templates().get(kinds[0])));
            commands.add(new CommandFigures(command.getKey(), together.row(), replyTypes(stats, kinds),
                    together.responseNanos()));
        }
        ClientWork work = measured.work(rows.all().count(), rows.all(), rows.service(), rows.ownDelay(),
                outcome.warmupEnd() == null ? null : outcome.warmupEnd().ending());
        return new Measured(new TemplateTraffic(ScheduleKept.of(drive, length), List.copyOf(templates),
                List.copyOf(commands), rows.all(),
                rows.service(), work, stats.operations.failures.first()), rows.times());
    }

    /** The positions of the templates of each command, by the command's name, in the order the templates name them. */
    private Map<String, int[]> templatesByCommand() {
        Map<String, List<Integer>> positions = new LinkedHashMap<>();
        for (int t = 0; t < config.templates().size(); t++) {
            positions.computeIfAbsent(config.templates().get(t).name(), name -> new ArrayList<>()).add(t);
        }
        Map<String, int[]> byCommand = new LinkedHashMap<>();
        positions.forEach((name, list) -> byCommand.put(name, list.stream().mapToInt(Integer::intValue).toArray()));
        return byCommand;
    }

    /** The answered requests of the templates {@code kinds} by the type of their reply, types never seen left out. */
    private static Map<String, Long> replyTypes(TemplateStats stats, int[] kinds) {
        Map<String, Long> types = new LinkedHashMap<>();
        for (ReplyType type : ReplyType.values()) {
            long seen = Arrays.stream(kinds).mapToLong(t -> stats.replyTypes[t][type.ordinal()].sum()).sum();
            if (seen > 0) {
                types.put(type.name().toLowerCase(Locale.ROOT), seen);
            }
        }
        return types;
    }

    private TemplateResult result(RunSession session, FlowingPhase.Side<TemplateStats> warm, TemplateTraffic traffic,
                                  SearchAnswer<TemplateStep> search) {
        long warmupOps = warm == null ? 0 : warm.stats().operations.recorded();
        double warmupSec = warm == null ? 0 : warm.drive().elapsedNanos() / 1e9;
        return new TemplateResult(config, session.header(), warmupOps, warmupSec, traffic, session.faults(), search);
    }

    /** Where progress lines go. */
    private Consumer<String> progress() {
        return context.progress();
    }

    /** How the measure line says the lanes make their requests, when not drawn by weight. */
    private static String orderText(TemplateConfig config) {
        return switch (config.templateOrder()) {
            case DRAWN -> "";
            case IN_TURN -> config.templates().size() > 1 ? " in turn" : "";
            case FOLLOWING_CURSOR -> " following SCAN's cursor";
        };
    }
}
