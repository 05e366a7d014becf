package dev.metric.mode.verify;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.config.ClientLanes;
import dev.metric.config.DataSetConfig;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReplicaChoice;
import dev.metric.config.RunBuilder;
import dev.metric.config.RunLimits;
import dev.metric.settings.Setting;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import java.time.Duration;

/**
 * Everything that defines a mode1 run, printed with its result.
 *
 * @param clientLanes      the library, connection settings, threads, connections per thread, engine and
 *                         requests in flight per connection
 * @param data             the keys and values written and checked: count, prefix, sizes and seed
 * @param pipeline         SETs per pipelined batch in the load phase
 * @param readCounts       how many reads the verify phase makes
 * @param keysPerRead      keys each read asks for: 1 for a GET per key, more for an MGET of that many
 * @param flush            whether to FLUSHDB the database before loading
 * @param skipLoad         verify data already written with the same seed and kkeys
 * @param checks           whether every key is read once after the measured reads, and on which replicas
 * @param breakdown        split mean latency into client, server and network (costs half a second)
 * @param progressInterval how often progress lines are printed
 */
public record Mode1Config(@JsonUnwrapped ClientLanes clientLanes, DataSpec data, int pipeline,
                          @JsonUnwrapped ReadCounts readCounts, int keysPerRead, FlushPolicy flush, boolean skipLoad,
                          @JsonUnwrapped KeyChecks checks, boolean breakdown, Duration progressInterval)
        implements DataSetConfig {

    /**
     * @param reads       verify-phase reads that are measured (GETs, or MGETs of keysPerRead keys)
     * @param warmupReads reads done first, verified but left out of the figures
     */
    public record ReadCounts(long reads, long warmupReads) {

        public ReadCounts {
            require(reads >= 1, "reads must be at least 1, got " + reads);
            require(warmupReads >= 0, "warm-up reads must be 0 or more, got " + warmupReads);
        }
    }

    /**
     * @param verifyAll after the measured reads, read every key once and check it
     * @param replicas  the replicas whose every key is read too, after the primary's
     */
    public record KeyChecks(boolean verifyAll, ReplicaChoice replicas) {

        public KeyChecks {
            require(verifyAll || replicas.named().isEmpty(), Setting.REPLICA, " reads every key of a replica: not"
                    + " without the check of every key");
        }
    }

    public Mode1Config {
        RunLimits.checkProtocol(clientLanes, data, breakdown);
        require(checks.replicas().named().isEmpty() || !clientLanes.client().cluster()
                        && clientLanes.client().protocol() == Protocol.REDIS, Setting.REPLICA,
                " names a replica of one Redis primary: not of a cluster or memcached");
        RunLimits.checkFlushPrefix(flush, data);
        require(pipeline >= 1, "pipeline must be at least 1, got " + pipeline);
        RunLimits.checkKeysPerRead(keysPerRead, clientLanes.client(), data);
        require(!(flush.flushes() && skipLoad), Setting.FLUSH, " and ", Setting.SKIP_LOAD,
                " contradict each other: flushing deletes what ", Setting.SKIP_LOAD, " would verify");
    }

    /**
     * The replicas whose every key is read after the primary's: none without the check of every key,
     * and none of a cluster or memcached, which list none.
     */
    @Override
    public ReplicaChoice replicas() {
        boolean oneRedis = !client().cluster() && client().protocol() == Protocol.REDIS;
        return checks.verifyAll() && oneRedis ? checks.replicas() : ReplicaChoice.NONE;
    }

    /** The keys and values this run writes and checks. */
    public DataSet dataSet() {
        return new DataSet(data);
    }

    /** Number of keys written and read. */
    public int keyCount() {
        return data.keys();
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
        builder.pipeline = pipeline;
        builder.reads = readCounts.reads;
        builder.warmupReads = readCounts.warmupReads;
        builder.keysPerRead = keysPerRead;
        builder.flush(flush);
        builder.skipLoad = skipLoad;
        builder.verifyAll = checks.verifyAll();
        builder.replicas = checks.replicas();
        builder.breakdown = breakdown;
        builder.progressInterval(progressInterval);
        return builder;
    }

    /**
     * Builds a {@link Mode1Config} by name. Unless set: one thread; 1 kkey of seed 1; the command
     * line's load batch (64), reads (1,048,576 after 65,536 warm-up reads), one read in flight and
     * one key per read; no flush; no skipped load; every key checked once after the reads, on the
     * primary and on the replicas it lists, as on the command line; no breakdown; progress every 2 s.
     */
    public static final class Builder extends RunBuilder<Builder> {

        private int pipeline = 64;
        private long reads = 1 << 20;
        private long warmupReads = 1 << 16;
        private int keysPerRead = 1;
        private boolean skipLoad = false;
        private boolean verifyAll = true;
        private ReplicaChoice replicas = ReplicaChoice.FOUND;
        private boolean breakdown = false;

        private Builder(ClientLibrary library, ClientSettings client) {
            super(library, client, Duration.ofSeconds(2));
        }

        /** SETs per pipelined batch of the load phase. */
        public Builder pipeline(int pipeline) {
            this.pipeline = pipeline;
            return this;
        }

        public Builder reads(long reads) {
            this.reads = reads;
            return this;
        }

        public Builder warmupReads(long warmupReads) {
            this.warmupReads = warmupReads;
            return this;
        }

        /** Keys each read asks for: more than 1 makes the reads MGETs. */
        public Builder keysPerRead(int keysPerRead) {
            this.keysPerRead = keysPerRead;
            return this;
        }

        public Builder skipLoad(boolean skipLoad) {
            this.skipLoad = skipLoad;
            return this;
        }

        public Builder verifyAll(boolean verifyAll) {
            this.verifyAll = verifyAll;
            return this;
        }

        /** The replicas read back after the primary: by default those the primary lists. */
        public Builder replicas(ReplicaChoice replicas) {
            this.replicas = replicas;
            return this;
        }

        public Builder breakdown(boolean breakdown) {
            this.breakdown = breakdown;
            return this;
        }

        /** The configuration, checked: an {@link IllegalArgumentException} says what is wrong. */
        public Mode1Config build() {
            return new Mode1Config(clientLanes(), data, pipeline, new ReadCounts(reads, warmupReads), keysPerRead,
                    flush, skipLoad, new KeyChecks(verifyAll, replicas), breakdown, progressInterval);
        }
    }
}
