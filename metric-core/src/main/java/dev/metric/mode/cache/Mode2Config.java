package dev.metric.mode.cache;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.DataSetConfig;
import dev.metric.config.FlushPolicy;
import dev.metric.config.RunBuilder;
import dev.metric.config.RunLimits;
import dev.metric.config.Slo;
import dev.metric.pacing.TargetRate;
import dev.metric.settings.Setting;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TtlRange;
import dev.metric.workload.VersionedValues;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Everything that defines a mode2 run, printed with its result.
 *
 * @param library          client library
 * @param client           connection, pool and timeouts
 * @param threads          worker threads, 1 to {@value RunLimits#MAX_THREADS}
 * @param connections      connections each thread drives, each a lane with its own requests in flight
 * @param engine           what runs the lanes: event loops, or a thread per lane
 * @param data             the keys and the lengths of their values, and the seed they and the
 *                         operation mix derive from
 * @param flush            whether to FLUSHDB the database before preloading
 * @param skipLoad         no preload: use keys an earlier run preloaded with the same seed and kkeys
 * @param ttl              TTL range of every write, preload included
 * @param writeRatio       share of scheduled operations that are SETEX, 0 to 1; the rest are GETs
 * @param duration         measured traffic, after the warm-up
 * @param warmup           traffic before measuring, left out of the figures
 * @param pipeline         requests per batch, each batch awaited whole (1: no batching)
 * @param inflight         requests outstanding per connection in a sliding window (1: one at a time)
 * @param keysPerRead      keys each read asks for: 1 for a GET, more for an MGET of that many
 * @param keyDistribution  how operations spread over the keys
 * @param workload         a YCSB core workload to run in place of the cache traffic, over records of
 *                         YCSB's layout, one per key of {@code data}; null for the cache traffic
 * @param rate             target rate for all threads together, or a closed loop; with a search,
 *                         the rate of its first step (in results: {@code rateOpsPerSec})
 * @param rateTick         zero for an even schedule, each operation due at its own time; else
 *                         the schedule is released in bursts, every operation due at the start of
 *                         the tick it falls in, as memtier_benchmark's {@code --rate-limiting} does
 *                         with ticks of 20 ms
 * @param search           the capacity search, or null for one measured run
 * @param strict           keep each key's last acknowledged write to catch lost keys, stale reads
 *                         and values returned after their TTL (metric's write ledger)
 * @param breakdown        split mean latency into client, server and network (costs half a second)
 * @param progressInterval how often progress lines are printed
 */
public record Mode2Config(ClientLibrary library, ClientSettings client, int threads, int connections,
                          EngineKind engine, DataSpec data,
                          FlushPolicy flush, boolean skipLoad,
                          TtlRange ttl, double writeRatio, Duration duration, Duration warmup, int pipeline,
                          int inflight, int keysPerRead, KeyDistribution keyDistribution,
                          YcsbWorkload workload, @JsonProperty("rateOpsPerSec") TargetRate rate, Duration rateTick,
                          Search search,
                          boolean strict, boolean breakdown, Duration progressInterval) implements DataSetConfig {

    /** SETEX per pipelined batch while preloading. */
    public static final int LOAD_PIPELINE = 64;
    /** First step of a search when no rate is given. */
    public static final double DEFAULT_SEARCH_START = 1000;
    /** The longest tick a schedule may be released in. */
    public static final Duration LONGEST_RATE_TICK = Duration.ofSeconds(1);

    /**
     * The capacity search: steps of fixed length at rising target rates, each judged by the SLOs.
     *
     * @param slos         objectives every passing step meets, on response time of all operations
     * @param maxSteps     the most steps the search runs
     * @param stepDuration traffic per step
     */
    public record Search(List<Slo> slos, int maxSteps, Duration stepDuration) {
        public Search {
            require(slos != null && !slos.isEmpty(), Setting.SEARCH, " needs an ", Setting.SLO, ", e.g. ",
                    Setting.SLO, " p99=1ms");
            require(maxSteps >= 1 && maxSteps <= 100, "max steps must be 1..100, got " + maxSteps);
            require(!stepDuration.isNegative() && !stepDuration.isZero(), "step duration must be positive");
            slos = List.copyOf(slos);
        }
    }

    /** The longest relative expiry memcached takes: beyond it, an expiry is a Unix time. */
    public static final long MEMCACHED_LONGEST_TTL_SECONDS = 30L * 24 * 3600;

    public Mode2Config {
        RunLimits.checkProtocol(library, client, engine, data, breakdown);
        RunLimits.checkFlushPrefix(flush, data);
        RunLimits.checkLanes(library, client, engine, threads, connections);
        require(!(flush.flushes() && skipLoad), Setting.FLUSH, " and ", Setting.SKIP_LOAD,
                " contradict each other: flushing deletes the keys ", Setting.SKIP_LOAD, " would use");
        require(writeRatio >= 0 && writeRatio <= 1, "write ratio must be 0..1, got " + writeRatio);
        require(!duration.isNegative() && !duration.isZero(),
                "duration must be positive, got " + duration.toSeconds() + " s");
        require(!warmup.isNegative(), "warm-up must be 0 or more seconds");
        require(pipeline >= 1 && pipeline <= RunLimits.MAX_WINDOW,
                "pipeline must be 1.." + RunLimits.MAX_WINDOW + ", got " + pipeline);
        RunLimits.checkInflight(inflight);
        require(pipeline == 1 || inflight == 1, Setting.PIPELINE, " " + pipeline + " and ", Setting.INFLIGHT,
                " " + inflight + ": choose batches (", Setting.PIPELINE, ") or a sliding window (", Setting.INFLIGHT,
                "), not both");
        require(!rateTick.isNegative() && rateTick.compareTo(LONGEST_RATE_TICK) <= 0,
                Setting.RATE_TICK, " must be from 0 to " + shortForm(LONGEST_RATE_TICK) + ", got "
                        + shortForm(rateTick));
        require(rateTick.isZero() || rate.paced() || search != null, Setting.RATE_TICK,
                " releases a schedule in bursts: it needs ", Setting.RATE, " or ", Setting.SEARCH);
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

    /** A duration as the command line takes it: {@code 1s}, {@code 0.02s}. */
    private static String shortForm(Duration duration) {
        return duration.toString().substring(2).toLowerCase(Locale.ROOT);
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
        return Math.max(pipeline, inflight);
    }

    /** Whether operations are paced at a target rate rather than sent as fast as replies allow. */
    public boolean openLoop() {
        return rate.paced();
    }

    /** The rate of the search's first step. */
    public TargetRate searchStart() {
        return openLoop() ? rate : new TargetRate(DEFAULT_SEARCH_START);
    }

    /** The lanes the run drives: a connection of its own each, with its requests in flight. */
    public int lanes() {
        return threads * connections;
    }

    /** A configuration built by name from {@link Builder}'s defaults; {@code build()} checks it. */
    public static Builder builder(ClientLibrary library, ClientSettings client) {
        return new Builder(library, client);
    }

    /** A builder that starts from this configuration, to change part of it by name. */
    public Builder toBuilder() {
        Builder builder = new Builder(library, client);
        builder.threads(threads);
        builder.connections(connections);
        builder.engine(engine);
        builder.data(data);
        builder.flush(flush);
        builder.skipLoad = skipLoad;
        builder.ttl = ttl;
        builder.writeRatio = writeRatio;
        builder.duration = duration;
        builder.warmup = warmup;
        builder.pipeline = pipeline;
        builder.inflight(inflight);
        builder.keysPerRead = keysPerRead;
        builder.workload = workload;
        builder.keyDistribution = keyDistribution;
        builder.rate = rate;
        builder.rateTick = rateTick;
        builder.search = search;
        builder.strict = strict;
        builder.breakdown = breakdown;
        builder.progressInterval(progressInterval);
        return builder;
    }

    /**
     * Builds a {@link Mode2Config} by name. Unless set: one thread; 1 kkey of seed 1; the command
     * line's TTLs (60-600 s), write ratio (0.1), duration (60 s) and warm-up (5 s); no pipeline, one
     * request in flight, GETs of one key, uniform keys, a closed loop (an even schedule under a
     * rate) and no search; no flush; not strict, no breakdown; progress every second.
     */
    public static final class Builder extends RunBuilder<Builder> {

        private boolean skipLoad = false;
        private TtlRange ttl = new TtlRange(60, 600);
        private double writeRatio = 0.1;
        private Duration duration = Duration.ofSeconds(60);
        private Duration warmup = Duration.ofSeconds(5);
        private int pipeline = 1;
        private int keysPerRead = 1;
        private KeyDistribution keyDistribution = new KeyDistribution.Uniform();
        private YcsbWorkload workload = null;
        private TargetRate rate = TargetRate.CLOSED_LOOP;
        private Duration rateTick = Duration.ZERO;
        private Search search = null;
        private boolean strict = false;
        private boolean breakdown = false;

        private Builder(ClientLibrary library, ClientSettings client) {
            super(library, client, Duration.ofSeconds(1));
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

        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        public Builder warmup(Duration warmup) {
            this.warmup = warmup;
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

        /** Target rate of all threads together; a closed loop by default. */
        public Builder rate(TargetRate rate) {
            this.rate = rate;
            return this;
        }

        /** Ticks the schedule is released in; zero, the default, is an even schedule. */
        public Builder rateTick(Duration rateTick) {
            this.rateTick = rateTick;
            return this;
        }

        /** The capacity search; null, the default, is one measured run. */
        public Builder search(Search search) {
            this.search = search;
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

        /** A YCSB core workload in place of the cache traffic; null, the default, is the cache traffic. */
        public Builder workload(YcsbWorkload workload) {
            this.workload = workload;
            return this;
        }

        /** The configuration, checked: an {@link IllegalArgumentException} says what is wrong. */
        public Mode2Config build() {
            return new Mode2Config(library, client, threads, connections, engineOrDefault(), data, flush, skipLoad,
                    ttl, writeRatio, duration, warmup, pipeline, inflight, keysPerRead, keyDistribution, workload, rate,
                    rateTick, search, strict, breakdown, progressInterval);
        }
    }
}
