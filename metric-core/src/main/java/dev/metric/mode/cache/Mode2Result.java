package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.breakdown.Breakdown;
import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.result.Faults;
import dev.metric.result.InfoBeforeAfter;
import dev.metric.result.LoadResult;
import dev.metric.result.NodeLoad;
import dev.metric.result.PhaseResult;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.ServerDescription;
import dev.metric.result.ServerStats;
import dev.metric.search.CapacitySearch;
import java.time.Instant;
import java.util.List;

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
 *                        failed; 0 when none did, or without a search
 * @param searchLimit     what stopped the search above its answer; null without a search
 * @param serverDelta     the server's counters over the measured traffic (over all steps of a search);
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
            failures += step.traffic().verificationFailures();
        }
        return failures;
    }

    /**
     * Failed requests in the warm-up and the measured traffic. A search's steps count theirs
     * apart: a failure fails its step, which is how a search finds where the server breaks.
     */
    @JsonProperty("errors")
    public long errors() {
        return (warmup == null ? 0 : warmup.errors()) + (measured == null ? 0 : measured.errors());
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
     * Every value read intact, every key preloaded, no request outside a search step failed,
     * every operation due sent, the run went to its end, and with --strict no key was lost, read
     * stale or returned after its TTL.
     */
    @JsonProperty("passed")
    @Override
    public boolean passed() {
        return verificationFailures() == 0 && errors() == 0 && unsentOps() == 0
                && (preload == null || preload.keysNotWritten() == 0) && faults.ranToTheEnd()
                && (strict == null || strict.clean());
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
}
