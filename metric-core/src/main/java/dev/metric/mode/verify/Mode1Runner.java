package dev.metric.mode.verify;

import dev.metric.breakdown.Breakdown;
import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.CommandStats;
import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.pacing.NanoClock;
import dev.metric.record.IntervalLog;
import dev.metric.result.Eviction;
import dev.metric.result.Faults;
import dev.metric.result.InfoBeforeAfter;
import dev.metric.result.LoadResult;
import dev.metric.result.NodeLoad;
import dev.metric.result.ServerStats;
import dev.metric.result.ServerView;
import dev.metric.run.Breakdowns;
import dev.metric.run.ItemSizeLimit;
import dev.metric.run.LoadPhase;
import dev.metric.run.OwnKeys;
import dev.metric.run.ReplicaSet;
import dev.metric.run.RunContext;
import dev.metric.run.RunSession;
import dev.metric.run.ServerInfos;
import dev.metric.run.ServerWatch;
import dev.metric.run.SkipLoadCheck;
import dev.metric.server.ServerInfo;
import dev.metric.workload.DataSet;
import dev.metric.workload.Structures;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * mode1, write then verify: optionally flush the database, write every key of the data set,
 * then read random keys from N threads and check every value, then (unless told not to) read
 * every key once and check it, the proof that nothing written was lost. Unless told not to, it first
 * measures the client's own costs and reads the server's commandstats around each phase, to
 * split the mean latency of GET and SET into client, server and network.
 *
 * <p>Nothing is deleted unless the configuration says {@code flush}; keys the tool writes carry
 * the run's {@linkplain dev.metric.workload.DataSpec#keyPrefix() key prefix} so they can be told apart
 * from a user's.
 *
 * @param context where the server was started, progress and latencies go, and what stops the run
 */
public record Mode1Runner(Mode1Config config, RunContext context) {

    /** The version of every hash, list or sorted set mode1 writes: each is written once. */
    static final long STRUCTURE_VERSION = 0;

    /**
     * Runs mode1 to the end, or until stopped: by the run's control, or because the server stopped
     * accepting connections for longer than the command timeout.
     *
     * @throws dev.metric.server.ServerUnreachableException     when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException      when the client cannot connect
     */
    public Mode1Result run() throws InterruptedException {
        DataSet dataSet = config.dataSet();
        RunSession.ServerCheck check = (admin, info) -> {
            ItemSizeLimit.check(info, config.data());
            if (config.skipLoad()) {
                SkipLoadCheck.beforeMode1(admin, config.client().database(), dataSet);
            }
        };
        try (RunSession session = RunSession.open(config, context, config.client(), config.inflight(),
                new RunSession.Keys(OwnKeys.of(dataSet), config.flush(), !config.skipLoad()), check)) {
            ClientCost cost = Breakdowns.clientCost(config.breakdown(), config.library(), dataSet,
                    dataSet::value, 0, progress());
            List<LatencyBreakdown> breakdown = new ArrayList<>();
            LoadResult load = config.skipLoad() ? null : load(session, cost, breakdown);
            long[] behindAfterLoad = load == null ? null : session.replicas().bytesBehind();
            session.awaitTrafficStart();
            progress().accept(String.format("verify: %,d warm-up reads, then %,d measured reads%s from %d threads, "
                    + "%d in flight per thread", config.readCounts().warmupReads(), config.readCounts().reads(),
                    config.keysPerRead() > 1 ? " (MGETs of " + config.keysPerRead() + " keys)" : "",
                    config.threads(), config.inflight()));
            AtomicReference<ServerInfo> beforeReads = new AtomicReference<>();
            // The breakdown's read row is a GET's: MGETs of several keys are left out of it.
            boolean splitting = cost != null && config.keysPerRead() == 1;
            ReadLanes lanes = lanes(session.client(), session.watch(), dataSet);
            VerifyResult verify = new VerifyPhase(lanes, context.log()).run(config.readCounts().warmupReads(),
                    config.readCounts().reads(), config.progressInterval(), progress(),
                    () -> beforeReads.set(session.latestInfo()));
            ServerInfo afterReads = beforeReads.get() != null ? session.latestInfo() : null;
            boolean sameServer = ServerInfo.sameRun(beforeReads.get(), afterReads);
            if (splitting && sameServer && verify.measured().reads() > 0) {
                breakdown.add(0, Breakdowns.reads(verify.measured().reads(), verify.latency(),
                        verify.connectionWait(),
                        config.inflight(), cost, CommandStats.of(beforeReads.get()), CommandStats.of(afterReads)));
            }
            EveryKeyResult everyKey = null;
            List<ReplicaCheck> replicas = List.of();
            if (config.checks().verifyAll() && !context.control().stopped()) {
                progress().accept(String.format("every key: reading each of the %,d keys once, in a shuffled order, "
                        + "from %d threads", dataSet.keyCount(), config.threads()));
                everyKey = new EveryKeyCheck(lanes, context.log()).run(config.progressInterval(), progress());
                replicas = readReplicas(session.replicas(), behindAfterLoad, dataSet);
            }
            Faults faults = session.faults();
            ServerInfo info = session.info();
            ServerInfo infoAfter = session.latestInfo();
            return new Mode1Result(config, session.header(), dataSet.totalBytes(), load, verify,
                    new Mode1Result.ReadBack(everyKey, replicas),
                    cost == null ? null : new Breakdown(cost, List.copyOf(breakdown)),
                    new ServerView(new InfoBeforeAfter(info.fields(), ServerInfos.fields(infoAfter)),
                            NodeLoad.between(info, infoAfter), Eviction.between(info, infoAfter)), faults,
                    sameServer ? ServerStats.of(afterReads).since(ServerStats.of(beforeReads.get())) : null);
        }
    }

    /**
     * Reads every key once on each replica, as on the primary, once it has caught up: after a wait
     * for it to apply what the primary wrote, which also times its lag.
     *
     * @param behindAfterLoad each replica's bytes behind when the load ended; null when there was no
     *                        load, and they are read when the wait starts
     */
    private List<ReplicaCheck> readReplicas(ReplicaSet replicas, long[] behindAfterLoad, DataSet dataSet)
            throws InterruptedException {
        return replicas.readBack(OwnKeys.of(dataSet), behindAfterLoad, context.control(), progress(),
                        replica -> readEveryKey(replica, dataSet)).stream()
                .map(read -> new ReplicaCheck(read.replica().address().toString(), read.lag(), read.found()))
                .toList();
    }

    /**
     * The check of every key on {@code replica}'s connections: the same lanes as the primary's, its
     * latencies not in the interval log (whose every-key tag is the primary's).
     */
    private EveryKeyResult readEveryKey(ReplicaSet.Replica replica, DataSet dataSet) throws InterruptedException {
        try (KeyValueClient client = Clients.open(config.library(), replica.settings(), config.engine(),
                config.threads(), config.connections(), config.inflight());
             ServerWatch watch = new ServerWatch(replica.settings(), List.of(replica.address()), context.control(),
                     progress())) {
            return new EveryKeyCheck(lanes(client, watch, dataSet), IntervalLog.NONE).run(config.progressInterval(),
                    progress());
        }
    }

    /** The run's read lanes on {@code client}'s connections, the server watched by {@code watch}. */
    private ReadLanes lanes(KeyValueClient client, ServerWatch watch, DataSet dataSet) {
        return new ReadLanes(client, dataSet, config.threads(), config.connections(), config.inflight(),
                config.keysPerRead(), config.client().commandTimeout(), NanoClock.SYSTEM, watch);
    }

    /**
     * Writes the data set in pipelined batches; with a client cost, adds the writes' row to
     * {@code breakdown} when the server's counters cover the load.
     */
    private LoadResult load(RunSession session, ClientCost cost, List<LatencyBreakdown> breakdown)
            throws InterruptedException {
        DataSet dataSet = config.dataSet();
        progress().accept(String.format("load: writing %,d keys from %d threads in pipelined batches of %d",
                dataSet.keyCount(), config.threads(), config.pipeline()));
        ServerInfo before = cost != null ? session.latestInfo() : null;
        LoadResult load = new LoadPhase(session.client(), dataSet, writes(dataSet), LoadPhase.Acknowledgements.NONE,
                config.threads(), config.pipeline(), NanoClock.SYSTEM, config.client().commandTimeout(),
                context.log(), session.watch()).run(config.progressInterval(), progress());
        ServerInfo after = before != null ? session.latestInfo() : null;
        if (ServerInfo.sameRun(before, after) && load.batchLatency().count() > 0) {
            breakdown.add(Breakdowns.loadWrites(load, cost, CommandStats.of(before), CommandStats.of(after)));
        }
        return load;
    }

    /** SETs of the data set's values, or the scripts that write its structures without expiry. */
    private static LoadPhase.KeyWrite writes(DataSet dataSet) {
        if (!dataSet.spec().structured()) {
            return (request, index) -> request.set(dataSet.key(index), dataSet.value(index));
        }
        Structures structures = new Structures(dataSet);
        return (request, index) -> request.script(structures.writeCommand(index, STRUCTURE_VERSION, 0),
                Structures.WRITE_KEY_AT);
    }

    /** Where progress lines go. */
    private Consumer<String> progress() {
        return context.progress();
    }
}
