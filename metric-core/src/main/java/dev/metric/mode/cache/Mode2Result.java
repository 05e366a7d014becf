package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.breakdown.Breakdown;
import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.result.ComponentsSet;
import dev.metric.result.Faults;
import dev.metric.result.InfoBeforeAfter;
import dev.metric.result.LoadResult;
import dev.metric.result.NodeLoad;
import dev.metric.result.PhaseResult;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.RunResultBuilder;
import dev.metric.result.ServerDescription;
import dev.metric.result.ServerStats;
import dev.metric.search.CapacitySearch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything a mode2 run produced.
 *
 * @param config          the configuration as given
 * @param startedAt       when the run started, to tell runs of different days apart
 * @param address         where the server was
 * @param server          the server's name, version and mode
 * @param client          the client library, version, protocol and pooling
 * @param environment     the JVM and machine
 * @param keysBefore      keys in the database before the run (before flushing)
 * @param preload         the preload, or null with --skip-load
 * @param warmup          the warm-up traffic, left out of every other figure; null when none
 * @param measured        the measured traffic; null for a search
 * @param steps           the steps of a search in the order they ran; empty without one
 * @param highestPassingOpsPerSec the search's answer: the highest rate that passed twice and never
 *                        failed; 0 when none did; NaN without a search, which has no answer
 * @param searchLimit     what stopped the search above its answer; null without a search
 * @param serverDelta     the server's counters over the measured traffic, read where the warm-up switched to
 *                        it (over a whole search, its steps' warm-ups included);
 *                        null when the server could not be asked at the end or restarted during the run
 * @param breakdown       mean latency of GET and SETEX split into client, server and network, over
 *                        the measured traffic or the search's highest passing step; null when not
 *                        asked for or no step passed
 * @param serverInfo      the server's INFO, every field, before and after the run
 * @param faults          whether the run was stopped early, and the outages it went through
 * @param nodes           on a cluster, each master's share of the measured traffic's operations
 *                        (of the whole search, for find-max); empty for one server
 * @param strict          what --strict found over the whole run; null without it
 */
public record Mode2Result(Mode2Config config, Instant startedAt, ServerAddress address, ServerDescription server,
                          ClientDescription client, RunEnvironment environment, long keysBefore,
                          LoadResult preload, PhaseResult warmup, PhaseResult measured, List<SearchStep> steps,
                          double highestPassingOpsPerSec, CapacitySearch.Limit searchLimit, ServerStats serverDelta,
                          Breakdown breakdown, InfoBeforeAfter serverInfo, Faults faults,
                          List<NodeLoad> nodes, StrictResult strict) implements RunResult {

    @Override
    public String mode() {
        return CacheMode.NAME;
    }

    /** Verification failures in every phase, warm-up included. */
    @JsonProperty("verificationFailures")
    public long verificationFailures() {
        long failures = warmup == null ? 0 : warmup.verificationFailures();
        if (measured != null) {
            failures += measured.verificationFailures();
        }
        for (SearchStep step : steps) {
            failures += step.traffic().verificationFailures()
                    + (step.warmUp() == null ? 0 : step.warmUp().verificationFailures());
        }
        return failures;
    }

    /**
     * Failed requests over the whole run: the warm-up, the measured traffic and every step of a
     * search. A failure fails its step, which is how a search finds where the server breaks; it
     * fails the run too, for an answer found through failing requests is not a clean one.
     */
    @JsonProperty("errors")
    public long errors() {
        return (warmup == null ? 0 : warmup.errors()) + (measured == null ? 0 : measured.errors())
                + steps.stream().mapToLong(step -> step.traffic().errors()
                        + (step.warmUp() == null ? 0 : step.warmUp().errors())).sum();
    }

    /** Whether a search found no rate that passed twice and never failed; false without a search. */
    public boolean searchUnanswered() {
        return config.search() != null && !(highestPassingOpsPerSec > 0);
    }

    /**
     * Operations of the measured traffic that were due and never sent: under a target rate, the
     * client fell behind and did not catch up. A search's steps count theirs apart.
     */
    @JsonProperty("unsentOps")
    public long unsentOps() {
        return measured == null ? 0 : measured.unsentOps();
    }

    /**
     * The run went to its end, a search found its answer, every value read was intact, no request
     * failed, every operation due was sent, every key preloaded, and with --strict no key was lost,
     * read stale or returned after its TTL; else what was not.
     */
    @Override
    public List<String> failures() {
        List<String> why = new ArrayList<>();
        if (!faults.ranToTheEnd()) {
            why.add("stopped early");
        }
        if (searchUnanswered()) {
            why.add("no rate met " + config.search().slos() + " twice without failing");
        }
        if (verificationFailures() > 0) {
            why.add(String.format(Locale.ROOT, "%,d verification failures", verificationFailures()));
        }
        if (errors() > 0) {
            why.add(String.format(Locale.ROOT, "%,d failed requests", errors()));
        }
        if (unsentOps() > 0) {
            why.add(String.format(Locale.ROOT, "%,d operations due never sent", unsentOps()));
        }
        if (preload != null && preload.keysNotWritten() > 0) {
            why.add(String.format(Locale.ROOT, "%,d keys not preloaded", preload.keysNotWritten()));
        }
        if (strict != null && !strict.clean()) {
            why.add(String.format(Locale.ROOT, "%,d keys lost, %,d read stale, %,d returned after their TTL",
                    strict.lostKeys(), strict.staleKeys(), strict.expiredKeys()));
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
     * The traffic a one-line summary of the run stands for: the measured phase, or a search's
     * highest passing step (its last run); null when a search had no passing step.
     */
    public PhaseResult headlineTraffic() {
        if (measured != null) {
            return measured;
        }
        PhaseResult best = null;
        for (SearchStep step : steps) {
            if (step.passed() && step.targetOpsPerSec() == highestPassingOpsPerSec) {
                best = step.traffic();
            }
        }
        return best;
    }

    /**
     * The measured traffic, or a search's highest passing step, by response time; as failures the
     * values read that were not intact and, with --strict, the reads that found a key lost, stale or
     * expired.
     */
    @Override
    public ResultSummary summary() {
        PhaseResult headline = headlineTraffic();
        String what = measured != null ? "measured operations"
                : headline != null ? "operations of the search's highest passing step"
                : "operations: no rate of the search passed twice";
        long failures = verificationFailures()
                + (strict == null ? 0 : strict.lostReads() + strict.staleReads() + strict.expiredReads());
        long hits = (warmup == null ? 0 : warmup.keyHits()) + (measured == null ? 0 : measured.keyHits())
                + steps.stream().mapToLong(step -> step.traffic().keyHits()
                        + (step.warmUp() == null ? 0 : step.warmUp().keyHits())).sum();
        return ResultSummary.of(mode(), what, headline == null ? 0 : headline.achievedOpsPerSec(),
                headline == null ? null : headline.all().response(), errors(), Verification.of(hits, failures),
                failures, failures()).withClientBound(headline == null ? "" : headline.jvm().clientBound());
    }

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Mode2Result} by name, so that no two figures can trade places unseen. */
    public static final class Builder extends RunResultBuilder<Builder> {

        private Mode2Config config;
        private LoadResult preload;
        private PhaseResult warmup;
        private PhaseResult measured;
        private List<SearchStep> steps;
        private double highestPassingOpsPerSec;
        private CapacitySearch.Limit searchLimit;
        private ServerStats serverDelta;
        private Breakdown breakdown;
        private InfoBeforeAfter serverInfo;
        private Faults faults;
        private List<NodeLoad> nodes;
        private StrictResult strict;

        private Builder() {
            super(new ComponentsSet("Mode2Result", List.of("config", "startedAt", "address", "server", "client",
                    "environment", "keysBefore", "preload", "warmup", "measured", "steps", "highestPassingOpsPerSec",
                    "searchLimit", "serverDelta", "breakdown", "serverInfo", "faults", "nodes", "strict")));
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder config(Mode2Config config) {
            this.config = config;
            given.given(0);
            return this;
        }

        public Builder preload(LoadResult preload) {
            this.preload = preload;
            given.given(7);
            return this;
        }

        public Builder warmup(PhaseResult warmup) {
            this.warmup = warmup;
            given.given(8);
            return this;
        }

        public Builder measured(PhaseResult measured) {
            this.measured = measured;
            given.given(9);
            return this;
        }

        public Builder steps(List<SearchStep> steps) {
            this.steps = steps;
            given.given(10);
            return this;
        }

        public Builder highestPassingOpsPerSec(double highestPassingOpsPerSec) {
            this.highestPassingOpsPerSec = highestPassingOpsPerSec;
            given.given(11);
            return this;
        }

        public Builder searchLimit(CapacitySearch.Limit searchLimit) {
            this.searchLimit = searchLimit;
            given.given(12);
            return this;
        }

        public Builder serverDelta(ServerStats serverDelta) {
            this.serverDelta = serverDelta;
            given.given(13);
            return this;
        }

        public Builder breakdown(Breakdown breakdown) {
            this.breakdown = breakdown;
            given.given(14);
            return this;
        }

        public Builder serverInfo(InfoBeforeAfter serverInfo) {
            this.serverInfo = serverInfo;
            given.given(15);
            return this;
        }

        public Builder faults(Faults faults) {
            this.faults = faults;
            given.given(16);
            return this;
        }

        public Builder nodes(List<NodeLoad> nodes) {
            this.nodes = nodes;
            given.given(17);
            return this;
        }

        public Builder strict(StrictResult strict) {
            this.strict = strict;
            given.given(18);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public Mode2Result build() {
            given.requireAll();
            return new Mode2Result(config, startedAt, address, server, client, environment, keysBefore, preload,
                    warmup, measured, steps, highestPassingOpsPerSec, searchLimit, serverDelta, breakdown, serverInfo,
                    faults, nodes, strict);
        }
    }
}
