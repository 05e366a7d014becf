package dev.metric.mode.cache;

import dev.metric.breakdown.Breakdown;
import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.CommandStats;
import dev.metric.client.KeyValueClient;
import dev.metric.config.SearchPlan;
import dev.metric.engine.Engine;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.result.Eviction;
import dev.metric.result.Faults;
import dev.metric.result.InfoBeforeAfter;
import dev.metric.result.LoadResult;
import dev.metric.result.NodeLoad;
import dev.metric.result.PhaseResult;
import dev.metric.result.ServerStats;
import dev.metric.result.ServerView;
import dev.metric.run.Breakdowns;
import dev.metric.run.FlowingPhase;
import dev.metric.run.ItemSizeLimit;
import dev.metric.run.LoadPhase;
import dev.metric.run.OwnKeys;
import dev.metric.run.PhaseSearch;
import dev.metric.run.RunContext;
import dev.metric.run.RunSession;
import dev.metric.run.ServerInfos;
import dev.metric.run.ServerWatch;
import dev.metric.run.SkipLoadCheck;
import dev.metric.run.WindowOpener;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.Structures;
import dev.metric.workload.VersionedValues;
import dev.metric.ycsb.YcsbRecords;
import dev.metric.ycsb.YcsbRedis;
import dev.metric.ycsb.YcsbWorkload;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * mode2, the cache workload: preload every key with SETEX, warm up, then run mixed GET/SETEX
 * traffic with refill on miss, closed loop, at a target rate, or as a search for the highest
 * rate that meets latency objectives. The server's INFO counters are read around the measured
 * traffic so its view can be set beside the client's.
 *
 * @param context where the server was started, progress and latencies go, and what stops the run
 */
public record Mode2Runner(Mode2Config config, RunContext context) {

    /**
     * Runs mode2 to the end, or until stopped: by the run's control, or because the server stopped
     * accepting connections for longer than the command timeout.
     *
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     */
    public Mode2Result run() throws InterruptedException {
        DataSet dataSet = config.dataSet();
        VersionedValues values = new VersionedValues(dataSet);
        KeyLedger ledger = config.strict()
                ? new WriteLedger(values, config.mix().ttl(), NanoClock.SYSTEM.nanoTime(),
                        config.client().protocol()) : KeyLedger.NONE;
        RunSession.ServerCheck check = (admin, info) -> {
            ItemSizeLimit.check(info, config.data());
            if (config.skipLoad()) {
                SkipLoadCheck.beforeMode2(admin, config.client().database(), dataSet);
            }
        };
        try (RunSession session = RunSession.open(config, context, PhaseSearch.poolFor(config, config.plan()),
                config.window(), new RunSession.Keys(OwnKeys.of(dataSet), config.flush(), true), check)) {
            KeyValueClient client = session.client();
            ServerWatch watch = session.watch();
            ClientCost cost = Breakdowns.clientCost(config.breakdown(), config.library(), dataSet,
                    index -> values.value(index, 0), config.mix().ttl().maxSeconds(), progress());
            YcsbRun ycsb = config.mix().workload() == null ? null
                    : new YcsbRun(config.mix().workload(), dataSet.keyCount(), config.data().keyPrefix());
            LoadResult preload = config.skipLoad() ? null
                    : ycsb != null ? loadRecords(client, dataSet, ycsb, watch) : preload(client, values, ledger, watch);

            KeyDistribution.Choosers choosers = ycsb != null ? null
                    : config.mix().keyDistribution().over(dataSet.keyCount());
            TrafficPhase traffic = new TrafficPhase(client, config, values, choosers, ledger, ycsb, NanoClock.SYSTEM,
                    watch);
            session.awaitTrafficStart();

            ServerInfo[] infoBefore = new ServerInfo[1];
            PhaseResult warmup;
            PhaseResult measured = null;
            SearchAnswer<SearchStep> search = SearchAnswer.none();
            Breakdown breakdown = null;
            if (config.plan().search() == null) {
                // The server's counters are read where the figures switch to the measurement.
                TrafficPhase.Phase phase = measure(traffic, () -> infoBefore[0] = session.latestInfo());
                warmup = phase.warmUp();
                measured = phase.measured();
            } else {
                infoBefore[0] = session.latestInfo();
                StepBreakdowns steps = new StepBreakdowns(session.admin(), cost);
                // Each step holds its own warm-up.
                search = SearchAnswer.of(search(traffic, steps, Engine.onEventLoops(client)));
                warmup = null;
                breakdown = steps.of(search.headline());
            }
            List<CacheReplicaCheck> replicas = readReplicas(session, values, ledger);
            Faults faults = session.faults();
            ServerInfo infoAfter = session.latestInfo();
            ServerStats delta = ServerInfo.sameRun(infoBefore[0], infoAfter)
                    ? ServerStats.of(infoAfter).since(ServerStats.of(infoBefore[0])) : null;
            if (measured != null && cost != null && delta != null) {
                breakdown = new Breakdown(cost, Breakdowns.traffic(measured, "per operation", cost,
                        CommandStats.of(infoBefore[0]), CommandStats.of(infoAfter)));
            }
            return new Mode2Result(config, session.header(), preload, new Mode2Phases(warmup, measured, search),
                    delta, breakdown, new ServerView(new InfoBeforeAfter(session.info().fields(),
                            ServerInfos.fields(infoAfter)), NodeLoad.between(infoBefore[0], infoAfter),
                            Eviction.between(session.info(), infoAfter)),
                    faults, ledger.result().orElse(null), replicas);
        }
    }

    /**
     * Reads every key back on each replica once it has applied the primary's writes, checked as the
     * traffic's hits and, with --strict, judged against the ledger's acknowledged writes.
     */
    private List<CacheReplicaCheck> readReplicas(RunSession session, VersionedValues values, KeyLedger ledger)
            throws InterruptedException {
        ReplicaReadBack reader = new ReplicaReadBack(values, ledger, NanoClock.SYSTEM);
        return session.replicas().readBack(OwnKeys.of(values.dataSet()), null, context.control(), progress(),
                        replica -> reader.read(replica.admin())).stream()
                .map(read -> new CacheReplicaCheck(read.replica().address().toString(), read.lag(), read.found()))
                .toList();
    }

    /** Writes every key with its TTL in pipelined batches, each outcome told to the ledger. */
    private LoadResult preload(KeyValueClient client, VersionedValues values, KeyLedger ledger, ServerWatch watch)
            throws InterruptedException {
        DataSet dataSet = values.dataSet();
        progress().accept(String.format("preload: %s %,d keys, TTL %s, from %d threads in pipelined batches of %d",
                dataSet.spec().structured() ? "writing " + dataSet.spec().type().plural() + " to" : "SETEX",
                dataSet.keyCount(), config.mix().ttl(), config.threads(), Mode2Config.LOAD_PIPELINE));
        return load(client, dataSet, preloadWrites(values), ledger, watch);
    }

    /**
     * YCSB's load: an HMSET of every field of each record, then, once all are written, a ZADD of
     * each record's key to the index, each in pipelined batches. A record whose ZADD was not
     * written counts among the keys not written.
     */
    private LoadResult loadRecords(KeyValueClient client, DataSet dataSet, YcsbRun ycsb, ServerWatch watch)
            throws InterruptedException {
        progress().accept(String.format("load: HMSET of %,d YCSB records of %d fields of %d B, then ZADD of each key to"
                        + " %s, from %d threads in pipelined batches of %d", dataSet.keyCount(),
                YcsbWorkload.FIELD_COUNT, YcsbWorkload.FIELD_LENGTH,
                new String(ycsb.indexKey(), StandardCharsets.UTF_8), config.threads(), Mode2Config.LOAD_PIPELINE));
        LoadResult records = load(client, dataSet, (request, record) -> request.custom(
                YcsbRecords.write(ycsb.key(record), -1, 0), 1), LoadPhase.Acknowledgements.NONE, watch);
        LoadResult index = load(client, dataSet, (request, record) -> request.custom(
                YcsbRedis.indexAdd(ycsb.indexKey(), ycsb.key(record)), 3), LoadPhase.Acknowledgements.NONE, watch);
        LoadResult.Written both = records.written();
        LoadResult.Written indexed = index.written();
        LoadResult.Failures recordsFailed = records.failures();
        LoadResult.Failures indexFailed = index.failures();
        return new LoadResult(LoadResult.Written.of(both.keysWritten(), both.bytesWritten() + indexed.bytesWritten(),
                both.durationSec() + indexed.durationSec()), new LoadResult.Failures(
                recordsFailed.errorReplies() + indexFailed.errorReplies(),
                recordsFailed.connectionErrors() + indexFailed.connectionErrors(),
                recordsFailed.keysNotWritten() + indexFailed.keysNotWritten(),
                recordsFailed.firstError() != null ? recordsFailed.firstError() : indexFailed.firstError()),
                records.batchLatency(), records.setsPerBatch(), records.connectionWait());
    }

    /** Writes each key of {@code dataSet} as {@code writes} says, each outcome told to {@code acknowledgements}. */
    private LoadResult load(KeyValueClient client, DataSet dataSet, LoadPhase.KeyWrite writes,
                            LoadPhase.Acknowledgements acknowledgements, ServerWatch watch)
            throws InterruptedException {
        return new LoadPhase(client, dataSet, writes, acknowledgements, config.threads(),
                Mode2Config.LOAD_PIPELINE, NanoClock.SYSTEM, config.client().commandTimeout(), IntervalLog.NONE,
                watch).run(config.progressInterval(), progress());
    }

    /**
     * The measured traffic of a run without a search, warmed up on the same drive until the JIT is
     * quiet.
     *
     * @param atSwitch runs where the figures switch from the warm-up to the measurement
     */
    private TrafficPhase.Phase measure(TrafficPhase traffic, WindowOpener.AtSwitch atSwitch)
            throws InterruptedException {
        Mode2Config.Mix mix = config.mix();
        String what = String.format("%d s %s, %d threads, %s", config.plan().duration().toSeconds(),
                FlowingPhase.paceText(config.plan().rate()), config.threads(), mix.workload() != null
                        ? "YCSB workload " + mix.workload().name()
                        : "write ratio " + mix.writeRatio() + ", keys " + mix.keyDistribution().describe());
        FlowingPhase.Warmup warmup = FlowingPhase.Warmup.of(config.plan().warmup());
        if (context.control().startsAtSetTime()) {
            // Generators started together (--start-at) measure together only if each warms up as long.
            warmup = warmup.atItsLeast();
        }
        warmup.announcement(FlowingPhase.paceText(config.plan().rate())).ifPresent(progress());
        TrafficPhase.Phase phase = traffic.run("measure", warmup, config.plan().duration(), config.plan().rate(),
                config.threads(),
                config.connections(), config.window(), progress(), context.log(), () -> {
                    atSwitch.run();
                    progress().accept("measure: " + what);
                });
        FlowingPhase.cappedWarmup(phase.warmupEnd()).ifPresent(progress());
        return phase;
    }

    /**
     * @param onLoops whether the client's lanes run on its event loops: the search then adds
     *                connections to each loop when the client is late, else threads, each a lane of
     *                its own. Either way each lane keeps the window it was given.
     */
    private CapacitySearch.Outcome<SearchStep> search(TrafficPhase traffic, StepBreakdowns breakdowns,
                                                      boolean onLoops) throws InterruptedException {
        SearchPlan search = config.plan().search();
        return PhaseSearch.run(search, config.plan().searchStart(), new PhaseSearch.Lanes(config.threads(),
                config.connections(), config.window()), onLoops, config.plan().warmup(), progress(),
                (number, rate, purpose, lanes, warmup) -> {
                    // The step's line comes where its measurement starts, after the server's counters are read.
                    TrafficPhase.Phase phase = traffic.run(String.format(Locale.ROOT, "step %,.0f ops/s", rate),
                            warmup, search.stepDuration(), new TargetRate(rate), lanes.threads(), lanes.connections(),
                            lanes.window(), progress(), context.log(), () -> {
                                breakdowns.beforeStep();
                                progress().accept(PhaseSearch.stepLine(number, rate, purpose, lanes));
                            });
                    FlowingPhase.cappedWarmup(phase.warmupEnd()).ifPresent(progress());
                    PhaseResult step = phase.measured();
                    if (context.control().stopped()) {
                        return null;
                    }
                    SearchStep judged = SearchStep.judge(rate, purpose, phase.warmUp(), step, search.slos());
                    breakdowns.afterStep(judged);
                    progress().accept(PhaseSearch.verdictLine(number, rate, step.schedule(), step.all().response(),
                            step.all().service(), judged.verdict(), step.work().jvm()));
                    return judged;
                });
    }

    /**
     * The breakdown of each search step, so the report can show the one of the answer's last
     * passing run.
     */
    private static final class StepBreakdowns {
        private final TargetAdmin admin;
        private final ClientCost cost;
        private final Map<SearchStep, Breakdown> bySteps = new IdentityHashMap<>();
        private ServerInfo before;

        StepBreakdowns(TargetAdmin admin, ClientCost cost) {
            this.admin = admin;
            this.cost = cost;
        }

        void beforeStep() {
            before = cost == null ? null : ServerInfos.latest(admin);
        }

        void afterStep(SearchStep step) {
            ServerInfo after = before == null ? null : ServerInfos.latest(admin);
            if (ServerInfo.sameRun(before, after)) {
                String basis = String.format(Locale.ROOT, "per operation, in the step at %,.0f ops/s",
                        step.targetOpsPerSec());
                bySteps.put(step, new Breakdown(cost, Breakdowns.traffic(step.traffic(), basis, cost,
                        CommandStats.of(before), CommandStats.of(after))));
            }
        }

        Breakdown of(SearchStep step) {
            return step == null ? null : bySteps.get(step);
        }
    }

    /** The preload's write of each key: its first version, with the TTL that version derives. */
    private LoadPhase.KeyWrite preloadWrites(VersionedValues values) {
        long version = WriteLedger.PRELOAD_VERSION;
        DataSet dataSet = values.dataSet();
        if (!dataSet.spec().structured()) {
            return (request, index) -> request.setex(dataSet.key(index),
                    values.ttlSeconds(index, version, config.mix().ttl()), values.value(index, version));
        }
        Structures structures = new Structures(dataSet);
        return (request, index) -> request.script(structures.writeCommand(index, version,
                values.ttlSeconds(index, version, config.mix().ttl())), Structures.WRITE_KEY_AT);
    }

    /** Where progress lines go. */
    private Consumer<String> progress() {
        return context.progress();
    }
}
