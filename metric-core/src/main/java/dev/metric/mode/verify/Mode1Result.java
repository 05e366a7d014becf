package dev.metric.mode.verify;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.breakdown.Breakdown;
import dev.metric.result.FailureReasons;
import dev.metric.result.Faults;
import dev.metric.result.LoadResult;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunHeader;
import dev.metric.result.RunResult;
import dev.metric.result.ServerStats;
import dev.metric.result.ServerView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Everything a mode1 run produced: its configuration, what it ran against, and the figures.
 *
 * @param config           the configuration as given
 * @param header           when, where, against what and with which client it ran
 * @param dataSetBytes     key and value bytes of the whole data set
 * @param load             the load phase, or null when it was skipped
 * @param verify           the verify phase: the measured random reads
 * @param readBack         every key read once after the measured reads, on the primary and on each
 *                         replica read
 * @param breakdown        mean latency of GET and SET split into client, server and network, or
 *                         null when not asked for
 * @param serverView       the server's INFO before and after, and on a cluster each master's share of
 *                         the run's operations (from the start of the run to its end)
 * @param faults           whether the run was stopped early, and the outages it went through
 * @param readsServerDelta the server's own counters and CPU over the measured random reads (of
 *                         every client), or null when it could not be asked or restarted meanwhile
 */
public record Mode1Result(Mode1Config config, @JsonUnwrapped RunHeader header, long dataSetBytes, LoadResult load,
                          VerifyResult verify, @JsonUnwrapped ReadBack readBack, Breakdown breakdown,
                          @JsonUnwrapped ServerView serverView, Faults faults, ServerStats readsServerDelta)
        implements RunResult {

    /**
     * What reading every key once found.
     *
     * @param everyKey on the primary; null when not asked for or the run was stopped before it
     * @param replicas on each replica read, in the order found or named; empty when none was
     */
    public record ReadBack(EveryKeyResult everyKey, List<ReplicaCheck> replicas) {

        public ReadBack {
            replicas = List.copyOf(replicas);
        }
    }

    /** Every key read once on the primary; null when not asked for or the run was stopped before it. */
    public EveryKeyResult everyKey() {
        return readBack.everyKey();
    }

    @Override
    public String mode() {
        return VerifyMode.NAME;
    }

    /**
     * The run went to its end, found every value intact and left nothing unwritten or unread: every
     * key, on the primary and on each replica read, when the configuration asked for every key to be
     * checked; else what was not. Keys missing under a policy that evicts them, no more of them than
     * the server evicted, are eviction and not loss ({@link #evicted}).
     */
    @Override
    public List<String> failures() {
        return FailureReasons.of(faults)
                .count(verify.failures().mismatches() - evictedReads(), "mismatches")
                .count(verify.failures().errors(), "failed reads")
                .when(everyKey() != null && lost(everyKey()) > 0, () -> notIntact(everyKey(), ""))
                .when(everyKey() == null && config.checks().verifyAll(), "the check of every key did not run")
                .count(load == null ? 0 : load.keysNotWritten(), "keys not written")
                .each(readBack.replicas(), replica -> !replica.lag().caughtUp() && faults.ranToTheEnd()
                        ? String.format(Locale.ROOT, "replica %s did not catch up within %d s", replica.replica(),
                        config.checks().replicas().catchUp().toSeconds())
                        : replica.everyKey() != null && lost(replica.everyKey()) > 0
                        ? notIntact(replica.everyKey(), " on replica " + replica.replica()) : null)
                .list();
    }

    /**
     * Whether the keys {@code check} found missing are all accounted for by the server's evictions
     * over the run: mode1's keys have no TTL, so only an {@code allkeys-} policy (or memcached's)
     * evicts them.
     */
    public boolean evicted(EveryKeyResult check) {
        return check != null && serverView.eviction().accountsFor(check.losses().missing(), false);
    }

    /** Keys {@code check} found not intact, less the missing ones the server's evictions account for. */
    private long lost(EveryKeyResult check) {
        return check.keys() - check.intact() - (evicted(check) ? check.losses().missing() : 0);
    }

    /**
     * The random reads that found no key, when the check of every key found every missing key
     * evicted: a key the random reads found missing was missing when every key was read.
     */
    private long evictedReads() {
        return evicted(everyKey()) ? verify.failures().missingReads() : 0;
    }

    private String notIntact(EveryKeyResult check, String where) {
        long missing = check.losses().missing();
        long evictions = serverView.eviction().evictedKeys();
        String beyond = missing > 0 && evictions > 0 && serverView.eviction().mayEvict(false)
                ? String.format(Locale.ROOT, " (%,d missing, more than the %,d keys the server evicted)", missing,
                        evictions) : "";
        return String.format(Locale.ROOT, "%,d of %,d keys not intact%s%s", lost(check), check.keys(), where, beyond);
    }

    /**
     * The verified random reads; as errors, the reads that failed and the keys the load could not
     * write; as failures, the values read that were not intact, every-key reads' too, on the primary
     * and on its replicas, less the keys (and reads of them) the server evicted.
     */
    @Override
    public ResultSummary summary() {
        VerifyResult.Failures random = verify.failures();
        long failedReads = random.errors();
        long checked = verify.measured().reads() - random.errors();
        long notIntact = random.mismatches() - evictedReads();
        List<EveryKeyResult> everyKeyChecks = new ArrayList<>();
        if (everyKey() != null) {
            everyKeyChecks.add(everyKey());
        }
        readBack.replicas().stream().map(ReplicaCheck::everyKey).filter(Objects::nonNull).forEach(everyKeyChecks::add);
        for (EveryKeyResult check : everyKeyChecks) {
            failedReads += check.failedReads();
            checked += check.checked();
            notIntact += lost(check) - check.failedReads() - check.notRead();
        }
        long notWritten = load == null ? 0 : load.keysNotWritten();
        return ResultSummary.of(mode(), "verified random reads", verify.measured().readsPerSec(), verify.latency(),
                failedReads + notWritten, Verification.of(checked, notIntact), notIntact, failures());
    }
}
