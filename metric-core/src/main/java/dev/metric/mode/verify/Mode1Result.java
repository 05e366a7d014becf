package dev.metric.mode.verify;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.breakdown.Breakdown;
import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.result.ComponentsSet;
import dev.metric.result.Faults;
import dev.metric.result.InfoBeforeAfter;
import dev.metric.result.LoadResult;
import dev.metric.result.NodeLoad;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.RunResultBuilder;
import dev.metric.result.ServerDescription;
import dev.metric.result.ServerStats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything a mode1 run produced: its configuration, what it ran against, and the figures.
 *
 * @param config         the configuration as given
 * @param startedAt      when the run started, to tell runs of different days apart
 * @param address        where the server was
 * @param server         the server's name, version and mode from INFO
 * @param client         the client library, version, protocol and pooling
 * @param environment    the JVM and machine
 * @param keysBefore     keys in the database before the run (before flushing)
 * @param dataSetBytes   key and value bytes of the whole data set
 * @param load           the load phase, or null when it was skipped
 * @param verify         the verify phase: the measured random reads
 * @param everyKey       every key read once after the measured reads, or null when not asked
 *                       for or the run was stopped before it
 * @param breakdown      mean latency of GET and SET split into client, server and network, or
 *                       null when not asked for
 * @param serverInfo     the server's INFO, every field, before and after the run
 * @param faults         whether the run was stopped early, and the outages it went through
 * @param nodes          on a cluster, each master's share of the run's operations (from the
 *                       start of the run to its end); empty for one server
 * @param readsServerDelta the server's own counters and CPU over the measured random reads (of
 *                       every client), or null when it could not be asked or restarted meanwhile
 */
public record Mode1Result(Mode1Config config, Instant startedAt, ServerAddress address, ServerDescription server,
                          ClientDescription client, RunEnvironment environment, long keysBefore,
                          long dataSetBytes, LoadResult load, VerifyResult verify,
                          EveryKeyResult everyKey, Breakdown breakdown, InfoBeforeAfter serverInfo, Faults faults,
                          List<NodeLoad> nodes, ServerStats readsServerDelta) implements RunResult {

    @Override
    public String mode() {
        return VerifyMode.NAME;
    }

    /**
     * The run went to its end, found every value intact and left nothing unwritten or unread: every
     * key, when the configuration asked for every key to be checked; else what was not.
     */
    @Override
    public List<String> failures() {
        List<String> why = new ArrayList<>();
        if (!faults.ranToTheEnd()) {
            why.add("stopped early");
        }
        if (verify.mismatches() > 0) {
            why.add(String.format(Locale.ROOT, "%,d mismatches", verify.mismatches()));
        }
        if (verify.errors() > 0) {
            why.add(String.format(Locale.ROOT, "%,d failed reads", verify.errors()));
        }
        if (everyKey != null && !everyKey.allIntact()) {
            why.add(String.format(Locale.ROOT, "%,d of %,d keys not intact", everyKey.keys() - everyKey.intact(),
                    everyKey.keys()));
        } else if (everyKey == null && config.verifyAll()) {
            why.add("the check of every key did not run");
        }
        if (load != null && load.keysNotWritten() > 0) {
            why.add(String.format(Locale.ROOT, "%,d keys not written", load.keysNotWritten()));
        }
        return why;
    }

    /** Whether {@link #failures} found none. */
    @JsonProperty("passed")
    @Override
    public boolean passed() {
        return failures().isEmpty();
    }

    /**
     * The verified random reads; as errors, the reads that failed and the keys the load could not
     * write; as failures, the values read that were not intact, every-key reads' too.
     */
    @Override
    public ResultSummary summary() {
        long failedReads = verify.errors() + (everyKey == null ? 0 : everyKey.failedReads());
        long notWritten = load == null ? 0 : load.keysNotWritten();
        long checked = verify.reads() - verify.errors() + (everyKey == null ? 0 : everyKey.checked());
        long notIntact = verify.mismatches() + (everyKey == null ? 0 : everyKey.checked() - everyKey.intact());
        return ResultSummary.of(mode(), "verified random reads", verify.readsPerSec(), verify.latency(),
                failedReads + notWritten, Verification.of(checked, notIntact), notIntact, failures());
    }

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Mode1Result} by name, so that no two figures can trade places unseen. */
    public static final class Builder extends RunResultBuilder<Builder> {

        private Mode1Config config;
        private long dataSetBytes;
        private LoadResult load;
        private VerifyResult verify;
        private EveryKeyResult everyKey;
        private Breakdown breakdown;
        private InfoBeforeAfter serverInfo;
        private Faults faults;
        private List<NodeLoad> nodes;
        private ServerStats readsServerDelta;

        private Builder() {
            super(new ComponentsSet("Mode1Result", List.of("config", "startedAt", "address", "server", "client",
                    "environment", "keysBefore", "dataSetBytes", "load", "verify", "everyKey", "breakdown",
                    "serverInfo", "faults", "nodes", "readsServerDelta")));
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder config(Mode1Config config) {
            this.config = config;
            given.given(0);
            return this;
        }

        public Builder dataSetBytes(long dataSetBytes) {
            this.dataSetBytes = dataSetBytes;
            given.given(7);
            return this;
        }

        public Builder load(LoadResult load) {
            this.load = load;
            given.given(8);
            return this;
        }

        public Builder verify(VerifyResult verify) {
            this.verify = verify;
            given.given(9);
            return this;
        }

        public Builder everyKey(EveryKeyResult everyKey) {
            this.everyKey = everyKey;
            given.given(10);
            return this;
        }

        public Builder breakdown(Breakdown breakdown) {
            this.breakdown = breakdown;
            given.given(11);
            return this;
        }

        public Builder serverInfo(InfoBeforeAfter serverInfo) {
            this.serverInfo = serverInfo;
            given.given(12);
            return this;
        }

        public Builder faults(Faults faults) {
            this.faults = faults;
            given.given(13);
            return this;
        }

        public Builder nodes(List<NodeLoad> nodes) {
            this.nodes = nodes;
            given.given(14);
            return this;
        }

        public Builder readsServerDelta(ServerStats readsServerDelta) {
            this.readsServerDelta = readsServerDelta;
            given.given(15);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public Mode1Result build() {
            given.requireAll();
            return new Mode1Result(config, startedAt, address, server, client, environment, keysBefore, dataSetBytes,
                    load, verify, everyKey, breakdown, serverInfo, faults, nodes, readsServerDelta);
        }
    }
}
