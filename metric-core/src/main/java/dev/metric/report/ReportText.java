package dev.metric.report;

import dev.metric.client.ClientDescription;
import dev.metric.client.EngineKind;
import dev.metric.record.LatencySummary;
import dev.metric.result.Eviction;
import dev.metric.result.LaneOutages;
import dev.metric.result.NodeLoad;
import dev.metric.result.ReplicaLag;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunHeader;
import dev.metric.result.ServerDescription;
import dev.metric.workload.DataSpec;
import dev.metric.workload.Structures;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The pieces every text report shares: labelled lines, milliseconds, and the lines saying what ran where. */
public final class ReportText {

    private ReportText() {
    }

    /** One line: a label padded to eight columns, then the formatted text. */
    public static void line(StringBuilder out, String label, String format, Object... args) {
        out.append(String.format(Locale.ROOT, "%-8s %s%n", label, String.format(Locale.ROOT, format, args)));
    }

    /**
     * A line saying how many values of each of {@code latencies} (named by {@code names}, in order)
     * were below 0 and count as 0 in its percentiles; nothing when none was. Such a value is a fault
     * of the measurement, which a report shows rather than pass off as a latency of 0.
     */
    public static void belowZero(StringBuilder out, List<String> names, List<LatencySummary> latencies) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < latencies.size(); i++) {
            if (latencies.get(i).belowZero() > 0) {
                found.add(String.format(Locale.ROOT, "%,d %s", latencies.get(i).belowZero(), names.get(i)));
            }
        }
        if (!found.isEmpty()) {
            line(out, "below 0", "%s were below 0 (a request stamped before it was due, or a clock that went"
                    + " back: the measurement's fault); the percentiles count them as 0", String.join(", ", found));
        }
    }

    /** A duration in milliseconds with as many decimals as it has and no more: {@code 20}, {@code 0.5}. */
    public static String exactMillis(Duration duration) {
        return BigDecimal.valueOf(duration.toNanos(), 6).stripTrailingZeros().toPlainString();
    }

    /** Microseconds as milliseconds with three decimals. */
    public static String ms(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }

    /** The server, client, database and JVM lines. */
    public static void setting(StringBuilder out, RunHeader header, int database, boolean flushed) {
        ServerDescription server = header.server();
        ClientDescription client = header.client();
        RunEnvironment env = header.environment();
        line(out, "server", "%s %s (%s) at %s%s%s", server.name(), server.version(), server.mode(), header.address(),
                server.memcached() ? "" : ", db " + database,
                server.embedded() ? ", started by metric for this run" : "");
        line(out, "client", "%s %s, %s, %s", client.library(), client.version(), client.protocol(), client.pooling());
        line(out, server.memcached() ? "items" : "database", "%,d %s before the run%s", header.keysBefore(),
                server.memcached() ? "items" : "keys", flushed ? ", flushed (--flush)" : ", nothing deleted");
        line(out, "jvm", "%s, %d cores, max heap %,d MiB, metric %s", env.jvm(), env.cores(),
                env.maxHeapBytes() >> 20, env.metricVersion());
        line(out, "", "options %s", env.jvmOptions() == null || env.jvmOptions().isEmpty() ? "none"
                : String.join(" ", env.jvmOptions()));
    }

    /** On a cluster: each master's slots and share of the operations, by its own commandstats. */
    public static void nodes(StringBuilder out, List<NodeLoad> nodes, String over) {
        if (nodes.isEmpty()) {
            return;
        }
        line(out, "nodes", "%d masters; GET, SET and SETEX each ran %s, by its own commandstats:", nodes.size(), over);
        for (NodeLoad node : nodes) {
            line(out, "", "%-22s %,6d slots %,14d operations %5.1f%%", node.address(), node.slots(),
                    node.operations(), node.share() * 100);
        }
    }

    /**
     * A replica's lag as a report line says it: how long it took to catch up after {@code waitBegan}
     * and how that was seen, or that it did not within {@code catchUp}; and how far behind it was
     * when {@code behindWhen}.
     */
    public static String replicaLag(ReplicaLag lag, String waitBegan, String behindWhen, Duration catchUp) {
        String behind = lag.bytesBehind() < 0 ? "how far behind it was is unknown"
                : String.format(Locale.ROOT, "%,d bytes of the primary's writes not applied when %s",
                        lag.bytesBehind(), behindWhen);
        if (!lag.caughtUp()) {
            return String.format(Locale.ROOT, "did not apply the primary's writes within %d s, so its keys were not"
                    + " read; %s", catchUp.toSeconds(), behind);
        }
        return String.format(Locale.ROOT, "caught up %.1f ms after %s (%s); %s", lag.catchUpMillis(), waitBegan,
                "marker".equals(lag.measuredBy()) ? "a new value of the run's marker, written to the primary, read"
                        + " there" : "its replication offset reached the primary's", behind);
    }

    /**
     * The {@code evicted} line, when the server evicted keys over the run: whether its evictions
     * account for the run's {@code missing} keys ({@code what} they are called: missing, lost), under
     * a policy that may evict them ({@code keysExpire}: whether the run's keys have a TTL).
     */
    public static void evicted(StringBuilder out, Eviction eviction, long missing, String what, boolean keysExpire) {
        long evicted = eviction.evictedKeys();
        if (evicted <= 0) {
            return;
        }
        String policy = evictionPolicy(eviction);
        if (missing == 0) {
            line(out, "evicted", "the server evicted %,d keys over the run (%s); none of the run's keys was found %s",
                    evicted, policy, what);
        } else if (eviction.accountsFor(missing, keysExpire)) {
            line(out, "evicted", "%,d keys %s, every one accounted for by the %,d keys the server evicted over the run"
                    + " (%s): eviction, not loss", missing, what, evicted, policy);
        } else if (eviction.mayEvict(keysExpire)) {
            line(out, "evicted", "%,d keys %s, more than the %,d keys the server evicted over the run (%s): keys were"
                    + " lost", missing, what, evicted, policy);
        } else {
            line(out, "evicted", "the server evicted %,d keys over the run (%s), a policy that evicts %s: none of the"
                    + " %,d keys %s is eviction", evicted, policy, eviction.policy().startsWith("volatile-")
                            ? "only keys with a TTL, which the run's have not" : "none of the run's keys", missing,
                    what);
        }
    }

    /**
     * The {@code outages} line, when some lane's requests failed: how many stretches of failures the
     * lanes went through, how long they lasted, and how many were still on when their lane ended.
     */
    public static void laneOutages(StringBuilder out, LaneOutages outages) {
        if (outages.count() == 0) {
            return;
        }
        LatencySummary lengths = outages.lengths();
        line(out, "outages", "%,d on the lanes (each from a lane's first failed request to its next success):"
                        + " median %s, p99 %s, longest %s%s", outages.count(), seconds(lengths.p50Micros()),
                seconds(lengths.p99Micros()), seconds(lengths.maxMicros()), outages.unended() == 0 ? ""
                        : String.format(Locale.ROOT, "; %,d still on when their lane ended", outages.unended()));
    }

    private static String seconds(double micros) {
        return String.format(Locale.ROOT, "%.3f s", micros / 1e6);
    }

    /** How {@code eviction}'s server evicts: {@code maxmemory-policy allkeys-lru, maxmemory 2,097,152 bytes}. */
    public static String evictionPolicy(Eviction eviction) {
        return "lru".equals(eviction.policy())
                ? String.format(Locale.ROOT, "memcached's LRU, limit %,d bytes", eviction.maxmemoryBytes())
                : String.format(Locale.ROOT, "maxmemory-policy %s, maxmemory %,d bytes", eviction.policy(),
                        eviction.maxmemoryBytes());
    }

    /**
     * The data a run writes: the key count (with the original tool's kkeys when it is a whole
     * number of them), how keys are named, and the lengths of keys and values.
     */
    public static String data(DataSpec data) {
        int keys = data.keys();
        String count = keys % DataSpec.KEYS_PER_KKEY == 0
                ? String.format(Locale.ROOT, "%,d (%,d kkeys x %d)", keys, keys / DataSpec.KEYS_PER_KKEY,
                        DataSpec.KEYS_PER_KKEY)
                : String.format(Locale.ROOT, "%,d", keys);
        if (data.numbered()) {
            return String.format(Locale.ROOT, "%s named '%s%d' to '%s%d' (memtier_benchmark's names), keys %s,"
                    + " values %s of random filler", count, data.keyPrefix(), data.keyNumbers().first(),
                    data.keyPrefix(), data.keyNumbers().number(keys - 1), data.keySizes(), data.valueSizes());
        }
        String text = String.format(Locale.ROOT, "%s named '%s<index>:...', keys %s, values %s", count,
                data.keyPrefix(), data.keySizes(), data.valueSizes());
        if (!data.structured()) {
            return text;
        }
        return String.format(Locale.ROOT, "%s named '%s<index>:...', keys %s, holding %s", count,
                data.keyPrefix(), data.keySizes(), data.valuesInWords());
    }

    /** For keys holding hashes, lists or sorted sets, a line saying how each is written and read. */
    public static void access(StringBuilder out, DataSpec data) {
        if (data.structured()) {
            line(out, "", "each %s", Structures.accessInWords(data.type()));
        }
    }

    /**
     * How the lanes were laid out and driven: threads, connections per thread and requests in flight
     * per connection (memtier_benchmark's {@code --threads}, {@code --clients}, {@code --pipeline}).
     */
    public static String lanes(EngineKind engine, int threads, int connections, int inflight, int pipeline) {
        if (engine == EngineKind.LOOP) {
            return String.format(Locale.ROOT, "%d event %s (--engine loop), %d %s each, %s: each reply is judged "
                            + "and the connection's next request sent on its loop, whose timers keep any schedule; "
                            + "nothing is handed from one thread to another", threads, threads == 1 ? "loop" : "loops",
                    connections, connections == 1 ? "connection" : "connections",
                    window(inflight, pipeline, "connection"));
        }
        String each = connections == 1 ? "" : String.format(Locale.ROOT, " (%d x %d connections, a thread each)",
                threads, connections);
        int lanes = threads * connections;
        return String.format(Locale.ROOT, "%d %s%s (--engine threads), %s", lanes, lanes == 1 ? "thread" : "threads",
                each, window(inflight, pipeline, "thread"));
    }

    private static String window(int inflight, int pipeline, String per) {
        if (pipeline > 1) {
            return "batches of " + pipeline + " requests, each awaited whole (--pipeline)";
        }
        if (inflight > 1) {
            return inflight + " requests in flight per " + per + " (--inflight)";
        }
        return "one request at a time per " + per;
    }
}
