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
import java.util.List;
import java.util.Locale;

/**
 * Everything a mode1 run produced: its configuration, what it ran against, and the figures.
 *
 * @param config           the configuration as given
 * @param header           when, where, against what and with which client it ran
 * @param dataSetBytes     key and value bytes of the whole data set
 * @param load             the load phase, or null when it was skipped
 * @param verify           the verify phase: the measured random reads
 * @param everyKey         every key read once after the measured reads, or null when not asked
 *                         for or the run was stopped before it
 * @param breakdown        mean latency of GET and SET split into client, server and network, or
 *                         null when not asked for
 * @param serverView       the server's INFO before and after, and on a cluster each master's share of
 *                         the run's operations (from the start of the run to its end)
 * @param faults           whether the run was stopped early, and the outages it went through
 * @param readsServerDelta the server's own counters and CPU over the measured random reads (of
 *                         every client), or null when it could not be asked or restarted meanwhile
 */
public record Mode1Result(Mode1Config config, @JsonUnwrapped RunHeader header, long dataSetBytes, LoadResult load,
                          VerifyResult verify, EveryKeyResult everyKey, Breakdown breakdown,
                          @JsonUnwrapped ServerView serverView, Faults faults, ServerStats readsServerDelta)
        implements RunResult {

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
        return FailureReasons.of(faults)
                .count(verify.failures().mismatches(), "mismatches")
                .count(verify.failures().errors(), "failed reads")
                .when(everyKey != null && !everyKey.allIntact(), () -> String.format(Locale.ROOT,
                        "%,d of %,d keys not intact", everyKey.keys() - everyKey.intact(), everyKey.keys()))
                .when(everyKey == null && config.verifyAll(), "the check of every key did not run")
                .count(load == null ? 0 : load.keysNotWritten(), "keys not written")
                .list();
    }

    /**
     * The verified random reads; as errors, the reads that failed and the keys the load could not
     * write; as failures, the values read that were not intact, every-key reads' too.
     */
    @Override
    public ResultSummary summary() {
        VerifyResult.Failures random = verify.failures();
        long failedReads = random.errors() + (everyKey == null ? 0 : everyKey.failedReads());
        long notWritten = load == null ? 0 : load.keysNotWritten();
        long checked = verify.measured().reads() - random.errors() + (everyKey == null ? 0 : everyKey.checked());
        long notIntact = random.mismatches() + (everyKey == null ? 0 : everyKey.checked() - everyKey.intact());
        return ResultSummary.of(mode(), "verified random reads", verify.measured().readsPerSec(), verify.latency(),
                failedReads + notWritten, Verification.of(checked, notIntact), notIntact, failures());
    }
}
