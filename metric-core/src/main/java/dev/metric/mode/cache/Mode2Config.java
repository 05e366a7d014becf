package dev.metric.mode.cache;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.ClientLanes;
import dev.metric.config.DataSetConfig;
import dev.metric.config.FlushPolicy;
import dev.metric.config.PacedRunBuilder;
import dev.metric.config.ReadFrom;
import dev.metric.config.ReplicaChoice;
import dev.metric.config.RunLimits;
import dev.metric.config.TrafficPlan;
import dev.metric.result.OpKind;
import dev.metric.settings.Setting;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TtlRange;
import dev.metric.workload.VersionedValues;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;

/**
 * Everything that defines a mode2 run, printed with its result.
 *
 * @param clientLanes      the library, connection settings, threads, connections per thread, engine and
 *                         requests in flight per connection
 * @param data             the keys and the lengths of their values, and the seed they and the
 *                         operation mix derive from
 * @param flush            whether to FLUSHDB the database before preloading
 * @param skipLoad         no preload: use keys an earlier run preloaded with the same seed and kkeys
 * @param mix              what the traffic sends: the writes' TTLs and share, batches, keys per read,
 *                         the keys' distribution, or a YCSB workload
 * @param plan             how long the traffic runs and at what pace, or a search
 * @param strict           keep each key's last acknowledged write to catch lost keys, stale reads
 *                         and values returned after their TTL (metric's write ledger)
 * @param breakdown        split mean latency into client, server and network (costs half a second)
 * @param progressInterval how often progress lines are printed
 * @param replicas         the replicas whose every key is read back after the traffic
 */
public record Mode2Config(@JsonUnwrapped ClientLanes clientLanes, DataSpec data, FlushPolicy flush, boolean skipLoad,
                          @JsonUnwrapped Mix mix, @JsonUnwrapped TrafficPlan plan, boolean strict, boolean breakdown,
                          Duration progressInterval, ReplicaChoice replicas) implements DataSetConfig {

    /** SETEX per pipelined batch while preloading. */
    public static final int LOAD_PIPELINE = 64;
    /**
     * What mode2's traffic sends.
     *
     * @param ttl             TTL range of every write, preload included
     * @param writeRatio      share of scheduled operations that are SETEX, 0 to 1; the rest are GETs
     * @param pipeline        requests per batch, each batch awaited whole (1: no batching)
     * @param keysPerRead     keys each read asks for: 1 for a GET, more for an MGET of that many
     * @param keyDistribution how operations spread over the keys
     * @param workload        a YCSB core workload to run in place of the cache traffic, over records of
     *                        YCSB's layout, one per key of {@code data}; null for the cache traffic
     * @param writeWait       the WAIT that follows every write of the traffic (not the preload's), or null
     * @param readFrom        where the traffic's reads go: the primary, its replicas, or either
     */
    public record Mix(TtlRange ttl, double writeRatio, int pipeline, int keysPerRead, KeyDistribution keyDistribution,
                      YcsbWorkload workload, WriteWait writeWait, ReadFrom readFrom) {

        /** Whether the traffic has operations of {@code kind} ({@link OpKind#occursWith}). */
        public boolean has(OpKind kind) {
            return kind.occursWith(keysPerRead, workload, writeWait != null);
        }
    }

    /** The longest relative expiry memcached takes: beyond it, an expiry is a Unix time. */
    public static final long MEMCACHED_LONGEST_TTL_SECONDS = 30L * 24 * 3600;

    public Mode2Config {
        ClientSettings client = clientLanes.client();
        int inflight = clientLanes.inflight();
        TtlRange ttl = mix.ttl();
        double writeRatio = mix.writeRatio();
        int pipeline = mix.pipeline();
        int keysPerRead = mix.keysPerRead();
        YcsbWorkload workload = mix.workload();
        RunLimits.checkProtocol(clientLanes, data, breakdown);
        RunLimits.checkFlushPrefix(flush, data);
        require(!(flush.flushes() && skipLoad), Setting.FLUSH, " and ", Setting.SKIP_LOAD,
                " contradict each other: flushing deletes the keys ", Setting.SKIP_LOAD, " would use");
        require(writeRatio >= 0 && writeRatio <= 1, "write ratio must be 0..1, got " + writeRatio);
        require(pipeline >= 1 && pipeline <= RunLimits.MAX_WINDOW,
                "pipeline must be 1.." + RunLimits.MAX_WINDOW + ", got " + pipeline);
        require(pipeline == 1 || inflight == 1, Setting.PIPELINE, " " + pipeline + " and ", Setting.INFLIGHT,
                " " + inflight + ": choose batches (", Setting.PIPELINE, ") or a sliding window (", Setting.INFLIGHT,
                "), not both");
        RunLimits.checkKeysPerRead(keysPerRead, client, data);
        require(client.protocol() != Protocol.MEMCACHED || ttl.maxSeconds() <= MEMCACHED_LONGEST_TTL_SECONDS,
                Setting.TTL, " up to " + ttl.maxSeconds() + " s with ", Setting.PROTOCOL, " memcached: it reads an"
                        + " expiry of more than " + MEMCACHED_LONGEST_TTL_SECONDS + " s (30 days) as a Unix time");
        require(VersionedValues.fitIn(data.valueSizes()), Setting.VALUE_SIZE,
                ": mode2's values need at least " + VersionedValues.MAX_HEADER_BYTES + " bytes for the header naming"
                        + " their key and version, got " + data.valueSizes());
        if (strict) {
            RunLimits.checkStrictHeapFor(data.keys());
        }
        if (workload != null) {
            checkYcsb(client, data, skipLoad, keysPerRead, strict, breakdown);
        }
        if (mix.writeWait() != null) {
            checkWait(mix.writeWait(), clientLanes, workload);
        }
        RunLimits.checkReadFrom(mix.readFrom(), clientLanes);
        if (mix.readFrom().replicas()) {
            require(readsReplicas(client, data, workload), Setting.READ_FROM, " reads and checks string values: not"
                    + " with ", Setting.VALUE_TYPE, " or ", Setting.WORKLOAD);
            require(replicas.any(), Setting.READ_FROM, " reads from the replicas the run knows: not with ",
                    Setting.NO_REPLICAS);
        }
        require(replicas.named().isEmpty() || readsReplicas(client, data, workload), Setting.REPLICA, " reads back"
                + " a Redis primary's string values: not of a cluster, memcached, ", Setting.VALUE_TYPE, " or ",
                Setting.WORKLOAD);
    }

    /** Whether a run's replicas can be read back: string values of one Redis server. */
    private static boolean readsReplicas(ClientSettings client, DataSpec data, YcsbWorkload workload) {
        return !client.cluster() && client.protocol() == Protocol.REDIS && !data.structured() && workload == null;
    }

    @Override
    public ReadFrom readFrom() {
        return mix.readFrom;
    }

    /**
     * The replicas whose every key is read back after the traffic: none of a cluster or memcached,
     * which list none, and none for hashes, lists, sorted sets or YCSB's records.
     */
    @Override
    public ReplicaChoice replicas() {
        return readsReplicas(client(), data, mix.workload) ? replicas : ReplicaChoice.NONE;
    }

    /**
     * What WAIT after each write needs: one Redis server (a cluster's client would send a WAIT, which
     * has no key, to any node), the cache traffic, a timeout the client waits out, and a connection
     * for each lane to keep, so that each WAIT goes on the connection of its write.
     */
    private static void checkWait(WriteWait wait, ClientLanes lanes, YcsbWorkload workload) {
        ClientSettings client = lanes.client();
        require(client.protocol() == Protocol.REDIS && !client.cluster(), Setting.WAIT, " sends Redis's WAIT on the"
                + " connection of each write: not to memcached or a cluster");
        require(workload == null, Setting.WAIT, " follows the cache traffic's writes: not with ", Setting.WORKLOAD);
        require(wait.timeout().compareTo(client.commandTimeout()) < 0, Setting.WAIT, ": WAIT may block for "
                + wait.timeout().toMillis() + " ms, not less than the client's ", Setting.COMMAND_TIMEOUT, " of "
                + client.commandTimeout().toMillis() + " ms, which would time it out first");
        require(lanes.engine() != EngineKind.THREADS || client.sharedConnection()
                        || client.poolSize() >= lanes.count(), Setting.WAIT,
                ": each lane keeps its connection so that its WAITs go on its writes' connection: give a ",
                Setting.POOL_SIZE, " of at least one per lane (" + lanes.count() + "), not "
                        + client.poolSize());
    }

    /**
     * What a YCSB workload's run cannot do: its records are hashes in YCSB's Redis layout, written by
     * its own load, checked field by field with any version.
     */
    private static void checkYcsb(ClientSettings client, DataSpec data, boolean skipLoad, int keysPerRead,
                                  boolean strict, boolean breakdown) {
        require(client.protocol() == Protocol.REDIS, Setting.WORKLOAD, " runs YCSB's workloads as YCSB's Redis"
                + " binding stores them: not with ", Setting.PROTOCOL, " memcached (replay a trace of them instead:"
                + " metric trace, then metric replay ", Setting.PROTOCOL, " memcached)");
        require(!client.cluster(), Setting.WORKLOAD, " runs on one server, not a cluster: YCSB's index of records"
                + " is one sorted set");
        require(!data.structured(), Setting.WORKLOAD, ": a YCSB record is a hash of its own; not with ",
                Setting.VALUE_TYPE);
        require(keysPerRead == 1, Setting.WORKLOAD, ": YCSB reads one record at a time; not with ",
                Setting.KEYS_PER_READ);
        require(!strict, Setting.WORKLOAD, ": ", Setting.STRICT, " follows each key's versions, and a YCSB run"
                + " checks each field for any version of its own");
        require(!skipLoad, Setting.WORKLOAD, ": YCSB's records are written by the run's own load; not with ",
                Setting.SKIP_LOAD);
        require(!breakdown, Setting.WORKLOAD, ": the breakdown measures GET and SETEX; not with ", Setting.BREAKDOWN);
    }

    /** The keys, and the lengths their versioned values are drawn from. */
    public DataSet dataSet() {
        return new DataSet(data);
    }

    /** Keys preloaded and operated on. */
    public int keyCount() {
        return data.keys();
    }

    /** Requests one connection may have outstanding. */
    public int window() {
        return Math.max(mix.pipeline, inflight());
    }

    /** A configuration built by name from {@link Builder}'s defaults; {@code build()} checks it. */
    public static Builder builder(ClientLibrary library, ClientSettings client) {
        return new Builder(library, client);
    }

    /** A builder that starts from this configuration, to change part of it by name. */
    public Builder toBuilder() {
        Builder builder = new Builder(library(), client());
        builder.lanes(clientLanes);
        builder.data(data);
        builder.flush(flush);
        builder.skipLoad = skipLoad;
        builder.ttl = mix.ttl;
        builder.writeRatio = mix.writeRatio;
        builder.pipeline = mix.pipeline;
        builder.keysPerRead = mix.keysPerRead;
        builder.workload = mix.workload;
        builder.keyDistribution = mix.keyDistribution;
        builder.wait = mix.writeWait;
        builder.readFrom = mix.readFrom;
        builder.plan(plan);
        builder.strict = strict;
        builder.breakdown = breakdown;
        builder.progressInterval(progressInterval);
        builder.replicas = replicas;
        return builder;
    }

    /**
     * Builds a {@link Mode2Config} by name. Unless set: one thread; 1 kkey of seed 1; the command
     * line's TTLs (60-600 s), write ratio (0.1), duration (60 s) and warm-up (5 s); no pipeline, one
     * request in flight, GETs of one key, uniform keys, a closed loop (an even schedule under a
     * rate) and no search; no flush; not strict, no breakdown; progress every second; the replicas the
     * primary lists read back after the traffic.
     */
    public static final class Builder extends PacedRunBuilder<Builder> {

        private boolean skipLoad = false;
        private TtlRange ttl = new TtlRange(60, 600);
        private double writeRatio = 0.1;
        private int pipeline = 1;
        private int keysPerRead = 1;
        private KeyDistribution keyDistribution = new KeyDistribution.Uniform();
        private YcsbWorkload workload = null;
        private WriteWait wait = null;
        private ReadFrom readFrom = ReadFrom.PRIMARY;
        private boolean strict = false;
        private boolean breakdown = false;
        private ReplicaChoice replicas = ReplicaChoice.FOUND;

        private Builder(ClientLibrary library, ClientSettings client) {
            super(library, client, Duration.ofSeconds(60), Duration.ofSeconds(5));
        }

        public Builder skipLoad(boolean skipLoad) {
            this.skipLoad = skipLoad;
            return this;
        }

        public Builder ttl(TtlRange ttl) {
            this.ttl = ttl;
            return this;
        }

        public Builder writeRatio(double writeRatio) {
            this.writeRatio = writeRatio;
            return this;
        }

        public Builder pipeline(int pipeline) {
            this.pipeline = pipeline;
            return this;
        }

        /** Keys each read asks for: more than 1 makes the reads MGETs. */
        public Builder keysPerRead(int keysPerRead) {
            this.keysPerRead = keysPerRead;
            return this;
        }

        public Builder keyDistribution(KeyDistribution keyDistribution) {
            this.keyDistribution = keyDistribution;
            return this;
        }

        public Builder strict(boolean strict) {
            this.strict = strict;
            return this;
        }

        public Builder breakdown(boolean breakdown) {
            this.breakdown = breakdown;
            return this;
        }

        /** The replicas read back after the traffic: by default those the primary lists. */
        public Builder replicas(ReplicaChoice replicas) {
            this.replicas = replicas;
            return this;
        }

        /** A YCSB core workload in place of the cache traffic; null, the default, is the cache traffic. */
        public Builder workload(YcsbWorkload workload) {
            this.workload = workload;
            return this;
        }

        /** A WAIT after every write of the traffic; null, the default, sends none. */
        public Builder writeWait(WriteWait wait) {
            this.wait = wait;
            return this;
        }

        /** Where the traffic's reads go: the primary, the default, its replicas, or either. */
        public Builder readFrom(ReadFrom readFrom) {
            this.readFrom = readFrom;
            return this;
        }

        /** The configuration, checked: an {@link IllegalArgumentException} says what is wrong. */
        public Mode2Config build() {
            return new Mode2Config(clientLanes(), data, flush, skipLoad,
                    new Mix(ttl, writeRatio, pipeline, keysPerRead, keyDistribution, workload, wait, readFrom),
                    plan(), strict, breakdown, progressInterval, replicas);
        }
    }
}
