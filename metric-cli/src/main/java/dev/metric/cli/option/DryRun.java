package dev.metric.cli.option;

import dev.metric.cli.output.ExitCodes;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.EventLoopClient;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReadFrom;
import dev.metric.config.ReplicaChoice;
import dev.metric.config.RunConfig;
import dev.metric.config.SearchPlan;
import dev.metric.config.TrafficPlan;
import dev.metric.mode.bench.BenchConfig;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.replay.ReplayConfig;
import dev.metric.mode.replay.TraceFormat;
import dev.metric.mode.replay.TraceText;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateOrder;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.report.ReportText;
import dev.metric.run.OwnKeys;
import dev.metric.sweep.SweepPlan;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.Structures;
import dev.metric.ycsb.YcsbWorkload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * {@code --dry-run}: the configuration a command resolved, printed instead of running it, so that a
 * command typed only to check its options never loads whatever server answers on port 6379. It
 * says which server would be used or started, what would be written and deleted, and the workload,
 * and connects to nothing.
 */
public final class DryRun {

    private static final long MOST_COUNTED = 20_000_000;

    @Option(names = "--dry-run",
            description = "Print the resolved configuration (the server it would use or start, the database, the"
                    + " keys and bytes it would write, what it would delete, the workload) and exit 0 without"
                    + " connecting to anything.")
    public boolean requested;

    /** The lines of a plan, labelled as the reports label theirs. */
    public static final class Plan {
        private final List<String> lines = new ArrayList<>();

        Plan line(String label, String format, Object... args) {
            lines.add(String.format(Locale.ROOT, "%-9s %s", label, String.format(Locale.ROOT, format, args)));
            return this;
        }
    }

    /** The plan of a mode1 run. */
    public static Plan mode1(ServerOptions server, ServerOptions.Endpoint endpoint, DataOptions data, ResultFiles files,
                             Mode1Config config) {
        Plan plan = common(server, endpoint, config, config.data(), config.flush(), data);
        if (config.skipLoad()) {
            plan.line("writes", "nothing: verifies data written earlier with this seed, key count and sizes"
                    + " (--skip-load)");
        } else {
            String set = endpoint.protocol() == Protocol.MEMCACHED ? "set" : "SET";
            plan.line("writes", "%,d keys with %s, in batches of %d, from %s", config.data().keys(),
                    writeCommand(config.data(), set), config.pipeline(), threads(config.threads()));
        }
        plan.line("workload", "%,d warm-up reads, then %,d measured reads of keys drawn uniformly, %d in flight per"
                        + " thread%s, every value checked", config.readCounts().warmupReads(),
                config.readCounts().reads(), config.inflight(),
                config.keysPerRead() > 1 ? ", each an MGET of " + config.keysPerRead() + " keys" : "");
        plan.line("", config.checks().verifyAll() ? "then every key read once and checked"
                : "no read of every key afterwards (--no-verify-all)");
        replicas(plan, config.replicas(), "read and checked as on the server");
        return outputs(plan, files, config.breakdown() && !config.data().structured());
    }

    /** The replicas a run reads back, when it reads any: {@code how} it reads each once it has caught up. */
    private static void replicas(Plan plan, ReplicaChoice replicas, String how) {
        if (replicas.any()) {
            plan.line("replicas", "%s: every key of each %s, once it has applied the server's writes (at most %d s)",
                    replicas.found() ? "those the server lists in INFO replication"
                            : replicas.named().stream().map(ServerAddress::toString)
                                    .collect(Collectors.joining(", ")), how, replicas.catchUp().toSeconds());
        }
    }

    /** The plan of a mode2 run, or of a --find-max search. */
    public static Plan mode2(ServerOptions server, ServerOptions.Endpoint endpoint, DataOptions data, ResultFiles files,
                             Mode2Config config) {
        Plan plan = config.mix().workload() == null
                ? common(server, endpoint, config, config.data(), config.flush(), data)
                : common(server, endpoint, config, config.data(), config.flush(), data, String.format(Locale.ROOT,
                        "%,d YCSB records '%suser...' of %d fields of %d B, and the index of them",
                        config.data().keys(), config.data().keyPrefix(), YcsbWorkload.FIELD_COUNT,
                        YcsbWorkload.FIELD_LENGTH));
        if (config.mix().workload() != null) {
            plan.line("writes", "a load of %,d YCSB records: an HMSET of each one's %d fields of %d B, then a ZADD of"
                            + " each key to %s_indices", config.data().keys(), YcsbWorkload.FIELD_COUNT,
                    YcsbWorkload.FIELD_LENGTH, config.data().keyPrefix());
            plan.line("", "during the traffic, %s", config.mix().workload().describe());
        } else {
            String setex = endpoint.protocol() == Protocol.MEMCACHED ? "set with an exptime" : "SETEX";
            plan.line("writes", config.skipLoad() ? "no preload: uses keys an earlier run preloaded (--skip-load)"
                            : "a preload of %,d keys with %s and a TTL of %s each", config.data().keys(),
                    writeCommand(config.data(), setex), config.mix().ttl());
            plan.line("", "during the traffic, %.0f%% of operations rewrite a key with its TTL, and every miss is"
                    + " refilled", config.mix().writeRatio() * 100);
            if (config.mix().writeWait() != null) {
                plan.line("", "each write followed by WAIT %d %d on its connection",
                        config.mix().writeWait().replicas(), config.mix().writeWait().timeout().toMillis());
            }
            if (config.mix().readFrom().replicas()) {
                plan.line("reads", config.mix().readFrom() == ReadFrom.REPLICAS ? "every read to a replica of the"
                        + " server, the replicas taken in turn" : "each read to the server or a replica of it, at"
                        + " even odds");
            }
        }
        String pace = config.plan().openLoop()
                ? String.format(Locale.ROOT, "open loop at %,.0f operations/s%s", config.plan().rate().opsPerSec(),
                ticks(config.plan().rateTick()))
                : "closed loop";
        plan.line("workload", "%s, then %s measured, %s, %s, %s%s%s", config.plan().warmup().isZero() ? "no warm-up"
                        : "at least " + seconds(config.plan().warmup()) + " of warm-up, on until the JIT is quiet",
                seconds(config.plan().duration()), pace, config.mix().workload() != null ? "YCSB workload "
                        + config.mix().workload().name() : "keys " + config.mix().keyDistribution().describe(),
                threads(config.threads()),
                config.mix().keysPerRead() > 1 ? ", reads as MGETs of " + config.mix().keysPerRead() + " keys" : "",
                config.strict() ? ", --strict" : "");
        search(plan, config.plan());
        replicas(plan, config.replicas(), config.strict() ? "read once and judged against the acknowledged writes"
                : "read once and checked as the traffic's hits are");
        return outputs(plan, files, config.breakdown() && !config.data().structured());
    }

    /** How an open-loop schedule is released: evenly, or in bursts of one tick's share. */
    private static String ticks(Duration tick) {
        return tick.isZero() ? "" : " released in ticks of "
                + ReportText.exactMillis(tick) + " ms";
    }

    /** The search a plan runs instead of one measurement, when it has one. */
    private static void search(Plan plan, TrafficPlan traffic) {
        SearchPlan search = traffic.search();
        if (search != null) {
            plan.line("search", "instead: steps of %s from %,.0f operations/s, at most %d, for %s",
                    seconds(search.stepDuration()), traffic.searchStart().opsPerSec(), search.maxSteps(),
                    search.slos());
        }
    }

    /** The plan of a {@code metric run} of command templates. */
    public static Plan template(ServerOptions server, ServerOptions.Endpoint endpoint, DataOptions data,
                                ResultFiles files, TemplateConfig config) {
        Plan plan = common(server, endpoint, config, config.data(), config.flush(), data);
        plan.line("writes", "what the templates write; nothing before the run");
        if (config.requests() == null) {
            paced(plan, "", config.plan(), config.keyDistribution(), config.threads(), config.inflight());
        } else {
            plan.line("workload", "no warm-up, then %s (-n), every one measured, %s, keys %s, %s, %d in flight on each"
                            + " connection",
                    config.requests().describe(), pace(config.plan()), config.keyDistribution().describe(),
                    threads(config.threads()), config.inflight());
        }
        if (config.templateOrder() == TemplateOrder.FOLLOWING_CURSOR) {
            plan.line("commands", "each connection's SCAN takes the cursor its last SCAN returned, from 0"
                    + " (--scan-incremental-iteration)");
        } else if (config.templates().size() > 1) {
            plan.line("commands", config.templateOrder() == TemplateOrder.IN_TURN ? "in turn on each connection, each"
                    + " its weight's times in a row (memtier's --command-ratio)" : "each request's drawn at random by"
                    + " weight");
        }
        config.templates().forEach(template -> plan.line("", "%s", template));
        search(plan, config.plan());
        return outputs(plan, files, false);
    }

    /** The plan of a {@code metric bench}: its tests in turn, each a {@code metric run} of its command. */
    public static Plan bench(ServerOptions server, ServerOptions.Endpoint endpoint, DataOptions data,
                             ResultFiles files, BenchConfig config) {
        Plan plan = common(server, endpoint, config, config.data(), config.flush(), data);
        plan.line("writes", "what the tests write, each family of tests (strings, lists, ...) to keys of its own;"
                + " nothing before the run");
        paced(plan, "each test: ", config.plan(), config.keyDistribution(), config.threads(), config.inflight());
        config.tests().forEach(test -> plan.line("", "%-8s %s", test.label(), test.command().text()));
        search(plan, config.plan());
        return outputs(plan, files, false);
    }

    /** The workload line of a run of templates: warm-up, length, pace, keys and lanes. */
    private static void paced(Plan plan, String each, TrafficPlan traffic, KeyDistribution keys, int threads,
                              int inflight) {
        plan.line("workload", "%sat least %s of warm-up, on until the JIT is quiet and flowing into %s measured, %s,"
                        + " keys %s, %s, %d in flight on each connection", each, seconds(traffic.warmup()),
                seconds(traffic.duration()), pace(traffic), keys.describe(), threads(threads), inflight);
    }

    /** A run of templates' pace: an open loop at its rate, or a closed loop. */
    private static String pace(TrafficPlan traffic) {
        return traffic.rate().paced() ? String.format(Locale.ROOT, "open loop at %,.0f requests/s%s",
                traffic.rate().opsPerSec(), ticks(traffic.rateTick())) : "closed loop";
    }

    /** The plan of a {@code metric replay}: what the trace holds, read already, and how it would be sent. */
    public static Plan replay(ServerOptions server, ServerOptions.Endpoint endpoint, ResultFiles files,
                              ReplayConfig config) {
        Plan plan = new Plan();
        plan.line("server", "%s", server(server, endpoint));
        plan.line("client", "%s, %s, connect timeout %s, reply timeout %s", pooling(config), config.client().resp(),
                seconds(config.client().connectTimeout()), seconds(config.client().commandTimeout()));
        TraceText.lines(config.trace().summary()).forEach(each -> plan.line(each[0], "%s", each[1]));
        plan.line("deletes", "%s", deletes(config.flush(), "FLUSHDB of db " + endpoint.database(), ""));
        plan.line("writes", "first the %,d keys read before the trace writes them (values of %s%s), then what the"
                + " trace writes, each value of the trace's length", config.trace().summary().keyCounts().warmKeys(),
                config.warmValueSizes(), config.trace().summary().format() == TraceFormat.YCSB
                        && config.trace().target() == Protocol.REDIS
                        ? "; each a record: an HMSET of every field the trace names, and a ZADD to _indices" : "");
        plan.line("workload", "every command, %s, %s with %d in flight each, every key's commands on one lane; the"
                        + " first %,d left out of the figures (--warmup)",
                config.timed() ? "at the trace's times, " + config.speed() + " times its pace"
                        : config.rate().paced() ? String.format(Locale.ROOT, "open loop at %,.0f commands/s%s",
                        config.rate().opsPerSec(), ticks(config.rateTick())) : "as fast as it goes",
                config.lanes() == 1 ? "1 lane" : config.lanes() + " lanes", config.inflight(), config.warmupCommands());
        SearchPlan search = config.search();
        if (search != null) {
            plan.line("search", "instead: steps from %,.0f commands/s, at most %d, for %s, each a replay of the whole"
                    + " trace after its warm phase, on the same lanes", config.searchStart().opsPerSec(),
                    search.maxSteps(), search.slos());
        }
        return outputs(plan, files, false);
    }

    /** A sweep's plan: its matrix and where it keeps its runs, then its first run's plan. */
    public static Plan sweep(SweepPlan sweep, Path out, String acrossRuns, Plan firstRun) {
        Plan plan = new Plan();
        List<String> poolSizes = sweep.poolSizes().stream()
                .map(size -> size == 0 ? "shared" : Integer.toString(size)).toList();
        plan.line("sweep", "%s x pool sizes %s x threads %s, each cell %d times: %d runs into %s", sweep.clients(),
                poolSizes, sweep.threads(), sweep.repeats(), sweep.order().size(), out);
        plan.line("", "%s", acrossRuns);
        plan.lines.add("first run:");
        plan.lines.addAll(firstRun.lines);
        return plan;
    }

    /** Prints {@code plan} under a heading saying nothing was touched; the exit code of a dry run. */
    public static int print(PrintWriter out, String command, Plan plan) {
        out.println("metric " + command + " --dry-run: nothing was connected to, written or deleted");
        plan.lines.forEach(out::println);
        out.flush();
        return ExitCodes.VERIFIED;
    }

    private static Plan common(ServerOptions server, ServerOptions.Endpoint endpoint, RunConfig config,
                               DataSpec spec, FlushPolicy flush, DataOptions data) {
        return common(server, endpoint, config, spec, flush, data,
                String.format(Locale.ROOT, "%s: %s of keys and values", spec, bytes(spec)));
    }

    /** The lines every mode's plan starts with, {@code keys} saying what the run's keys hold. */
    private static Plan common(ServerOptions server, ServerOptions.Endpoint endpoint, RunConfig config,
                               DataSpec spec, FlushPolicy flush, DataOptions data, String keys) {
        ClientSettings client = config.client();
        Plan plan = new Plan();
        plan.line("server", "%s", server(server, endpoint));
        boolean memcached = endpoint.protocol() == Protocol.MEMCACHED;
        plan.line("client", "%s, %s, connect timeout %s, reply timeout %s", pooling(config),
                memcached ? "memcached text protocol" : client.resp(), seconds(client.connectTimeout()),
                seconds(client.commandTimeout()));
        plan.line("keys", "%s", keys);
        String keyspace = memcached ? "flush_all of the memcached" : "FLUSHDB of db " + endpoint.database();
        plan.line("deletes", "%s%s", deletes(flush, keyspace, spec.keyPrefix()), data.cleanup
                ? "; after the run, the keys of metric's shape under '" + spec.keyPrefix() + "' and then its marker,"
                + " if the marker is there (--cleanup)" : "");
        return plan;
    }

    /**
     * What the data set weighs: counted exactly, as the load writes it, unless that means drawing
     * more than {@value #MOST_COUNTED} lengths, when the mean sizes give an estimate in a moment.
     */
    private static String bytes(DataSpec spec) {
        long lengths = (long) spec.keys() * (1 + spec.elements());
        if (lengths <= MOST_COUNTED) {
            return String.format(Locale.ROOT, "%,d bytes", new DataSet(spec).totalBytes());
        }
        double perKey = spec.keySizes().meanBytes() + spec.elements() * spec.valueSizes().meanBytes();
        return String.format(Locale.ROOT, "about %,.0f bytes (from the mean sizes)", spec.keys() * perKey);
    }

    private static String server(ServerOptions server, ServerOptions.Endpoint endpoint) {
        String access = (endpoint.access().tls() != null ? ", over TLS" : "")
                + (endpoint.access().user() != null ? ", as user " + endpoint.access().user()
                : endpoint.access().password() != null ? ", with a password" : "");
        if (endpoint.embeddedCluster() > 0) {
            return "a local Redis Cluster of " + endpoint.embeddedCluster() + " masters, started on free ports and"
                    + " stopped after the run";
        }
        if (endpoint.cluster()) {
            return "the Redis Cluster with a node at " + endpoint.address() + access;
        }
        if (endpoint.sentinels() != null) {
            return "the primary named " + endpoint.sentinels().master() + " by the Sentinels at "
                    + endpoint.sentinels().addresses() + ", db " + endpoint.database() + access
                    + ", asked again by each connection opened after a failover";
        }
        boolean memcached = endpoint.protocol() == Protocol.MEMCACHED;
        String at = memcached ? "memcached at " + endpoint.address()
                : endpoint.address() + ", db " + endpoint.database() + access;
        String local = memcached ? "a local memcached (-t " + server.memcachedThreads() + ")" : "a local redis-server";
        if (endpoint.embedded()) {
            return local + " started on a free port and stopped after the run (--embedded)";
        }
        if (endpoint.host() != null) {
            return at + "; exit 3 if nothing answers there";
        }
        return server.noEmbedded ? at + "; exit 3 if nothing answers there (--no-embedded)"
                : at + " if a server answers there, else " + local + " started on a free port and stopped"
                + " after the run";
    }

    private static String pooling(RunConfig config) {
        ClientSettings client = config.client();
        if (config.engine() == EngineKind.LOOP) {
            return config.library() + " on " + EventLoopClient.lanesOnLoops(config.threads(), null,
                    client.busyPoll(), config.connections());
        }
        if (config.library() == ClientLibrary.FOLSOM) {
            int connections = Math.max(1, client.poolSize());
            return "folsom's " + connections + (connections == 1 ? " connection" : " connections")
                    + (client.poolPerThread() ? " (one per thread)" : "") + ", every thread sending on each in turn";
        }
        if (client.poolSize() == 0) {
            return "one shared connection for " + config.threads() + " threads";
        }
        return "a pool of " + client.poolSize() + (client.poolSize() == 1 ? " connection" : " connections")
                + (client.poolPerThread() ? " (one per thread)" : "");
    }

    /** @param flushing what the flush empties: {@code FLUSHDB of db 3} */
    private static String deletes(FlushPolicy flush, String flushing, String prefix) {
        return switch (flush) {
            case NEVER -> "nothing";
            case UNLESS_FOREIGN_KEYS -> flushing + " first, refused if it holds a key that is not of metric's shape"
                    + " under '" + prefix + "', or no marker " + OwnKeys.markerOf(prefix) + " (--flush)";
            case ALWAYS -> flushing + " first, whatever it holds (--flush --yes)";
        };
    }

    private static String writeCommand(DataSpec data, String stringCommand) {
        return data.structured() ? "one EVAL each (" + Structures.writeCommand(data.type()) + " of every element)"
                : stringCommand;
    }

    /** The breakdown and the result files; a sweep's runs ({@code files} null) go into its --out. */
    private static Plan outputs(Plan plan, ResultFiles files, boolean breakdown) {
        if (breakdown) {
            plan.line("breakdown", "half a second of client-cost probes before the run");
        }
        if (files == null) {
            return plan;
        }
        List<String> written = new ArrayList<>();
        if (files.json != null) {
            written.add("--json " + files.json);
        }
        if (files.csv != null) {
            written.add("--csv " + files.csv + " (a row appended)");
        }
        if (files.hdrLog() != null) {
            written.add("--hdr-log " + files.hdrLog());
        }
        return plan.line("files", "%s", written.isEmpty() ? "none" : String.join(", ", written));
    }

    private static String threads(int threads) {
        return threads == 1 ? "1 thread" : threads + " threads";
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
    }
}
