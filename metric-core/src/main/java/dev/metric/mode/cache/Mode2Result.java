package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.breakdown.Breakdown;
import dev.metric.result.Eviction;
import dev.metric.result.FailureReasons;
import dev.metric.result.Faults;
import dev.metric.result.LoadResult;
import dev.metric.result.PhaseResult;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunHeader;
import dev.metric.result.RunResult;
import dev.metric.result.ServerStats;
import dev.metric.result.ServerView;
import java.util.List;
import java.util.Locale;

/**
 * Everything a mode2 run produced.
 *
 * @param config      the configuration as given
 * @param header      when, where, against what and with which client it ran
 * @param preload     the preload, or null with --skip-load
 * @param phases      the warm-up and measured traffic, or a search's steps and answer
 * @param serverDelta the server's counters over the measured traffic, read where the warm-up switched to
 *                    it (over a whole search, its steps' warm-ups included);
 *                    null when the server could not be asked at the end or restarted during the run
 * @param breakdown   mean latency of GET and SETEX split into client, server and network, over
 *                    the measured traffic or the search's highest passing step; null when not
 *                    asked for or no step passed
 * @param serverView  the server's INFO before and after, and on a cluster each master's share of the
 *                    measured traffic's operations (of the whole search, for find-max)
 * @param faults      whether the run was stopped early, and the outages it went through
 * @param strict      what --strict found over the whole run; null without it
 * @param replicas    each replica read back after the traffic, in the order found or named; empty when none was
 */
public record Mode2Result(Mode2Config config, @JsonUnwrapped RunHeader header, LoadResult preload,
                          @JsonUnwrapped Mode2Phases phases, ServerStats serverDelta, Breakdown breakdown,
                          @JsonUnwrapped ServerView serverView, Faults faults, StrictResult strict,
                          List<CacheReplicaCheck> replicas) implements RunResult {

    public Mode2Result {
        replicas = List.copyOf(replicas);
    }

    @Override
    public String mode() {
        return CacheMode.NAME;
    }

    /** Verification failures in every phase, warm-up included. */
    @JsonProperty("verificationFailures")
    public long verificationFailures() {
        return phases.sum(phase -> phase.checks().verificationFailures());
    }

    /**
     * Failed requests over the whole run: the warm-up, the measured traffic and every step of a
     * search. A failure fails its step, which is how a search finds where the server breaks; it
     * fails the run too, for an answer found through failing requests is not a clean one.
     */
    @JsonProperty("errors")
    public long errors() {
        return phases.sum(PhaseResult::errors);
    }

    /**
     * Operations of the measured traffic that were due and never sent: under a target rate, the
     * client fell behind and did not catch up. A search's steps count theirs apart.
     */
    @JsonProperty("unsentOps")
    public long unsentOps() {
        return phases.measured() == null ? 0 : phases.measured().schedule().unsentOps();
    }

    /**
     * The run went to its end, a search found its answer, every value read was intact, no request
     * failed, every operation due was sent, every key preloaded, and with --strict no key was lost
     * (but for keys the server evicted, {@link #lostWereEvicted}), read stale or returned after its
     * TTL; else what was not.
     */
    @Override
    public List<String> failures() {
        return FailureReasons.of(faults, phases.search(), config.plan().search())
                .count(verificationFailures(), "verification failures")
                .count(errors(), "failed requests")
                .count(unsentOps(), "operations due never sent")
                .count(preload == null ? 0 : preload.keysNotWritten(), "keys not preloaded")
                .when(strict != null && strictReads() > 0, () -> String.format(Locale.ROOT,
                        "%,d keys lost%s, %,d read stale, %,d returned after their TTL", lostKeys(), beyondEvictions(),
                        strict.findings().staleKeys(), strict.findings().expiredKeys()))
                .each(replicas, this::replicaFailure)
                .list();
    }

    /**
     * Why {@code replica} fails the run: it did not catch up (in a run that was not stopped), held
     * damaged values, or under --strict
     * lost keys (beyond the server's evictions, which its primary's deletes carry to it), held stale
     * ones or returned expired ones; null when it did none of these.
     */
    private String replicaFailure(CacheReplicaCheck replica) {
        if (!replica.lag().caughtUp()) {
            // A run stopped during the wait says so once, as stopped early.
            return !faults.ranToTheEnd() ? null : String.format(Locale.ROOT, "replica %s did not catch up within %d s",
                    replica.replica(), config.replicas().catchUp().toSeconds());
        }
        CacheReplicaCheck.KeysRead read = replica.read();
        if (read == null) {
            return null;
        }
        long lost = serverView.eviction().accountsFor(read.lost(), true) ? 0 : read.lost();
        if (read.damaged() + lost + read.stale() + read.expired() == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "replica %s: %,d values damaged, %,d keys lost, %,d stale, %,d returned"
                + " after their TTL", replica.replica(), read.damaged(), lost, read.stale(), read.expired());
    }

    /**
     * Whether the keys --strict found lost are all accounted for by the server's evictions over the
     * run: mode2's keys have TTLs, so a {@code volatile-} policy may evict them as well as an
     * {@code allkeys-} one. They are then eviction, not loss.
     */
    public boolean lostWereEvicted() {
        return strict != null && serverView.eviction().accountsFor(strict.findings().lostKeys(), true);
    }

    /** Keys --strict found lost, less those the server's evictions account for. */
    private long lostKeys() {
        return lostWereEvicted() ? 0 : strict.findings().lostKeys();
    }

    /** Reads --strict found wrong, less those of keys the server's evictions account for. */
    private long strictReads() {
        return strict.findings().reads() - (lostWereEvicted() ? strict.findings().lostReads() : 0);
    }

    /** Beside keys lost under a policy that evicts: that the server evicted fewer. */
    private String beyondEvictions() {
        Eviction eviction = serverView.eviction();
        return lostKeys() > 0 && eviction.evictedKeys() > 0 && eviction.mayEvict(true)
                ? String.format(Locale.ROOT, " (more than the %,d keys the server evicted)", eviction.evictedKeys())
                : "";
    }

    /**
     * The measured traffic, or a search's highest passing step, by response time; as failures the
     * values read that were not intact and, with --strict, the reads that found a key lost, stale or
     * expired.
     */
    @Override
    public ResultSummary summary() {
        PhaseResult headline = phases.headline();
        String what = phases.measured() != null ? "measured operations"
                : headline != null ? "operations of the search's highest passing step"
                : "operations: no rate of the search passed twice";
        long failures = verificationFailures() + (strict == null ? 0 : strictReads());
        long hits = phases.sum(phase -> phase.reads().keyHits());
        return ResultSummary.of(mode(), what, headline == null ? 0 : headline.schedule().achievedOpsPerSec(),
                headline == null ? null : headline.all().response(), errors(), Verification.of(hits, failures),
                failures, failures()).withClientBound(headline == null ? "" : headline.work().jvm().clientBound());
    }
}
