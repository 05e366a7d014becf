package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.FailureReasons;
import dev.metric.result.Faults;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunHeader;
import dev.metric.result.RunResult;
import dev.metric.search.SearchAnswer;
import java.util.List;

/**
 * What a run of the user's commands measured. Timed and counted, never verified: the report
 * says so in its header, and {@link #passed} means only that every request got a reply that was
 * not an error.
 *
 * @param config     what was run
 * @param header     when, where, against what and with which client it ran
 * @param warmupOps  requests of the warm-up (of a search's first step), left out of the figures
 * @param warmupSec  how long that warm-up took, flowing into the measurement
 * @param traffic    the measured traffic; for a search, its highest passing step's last run, or its
 *                   last step when none passed
 * @param faults     why the run stopped early, if it did, and the server's outages
 * @param search     --find-max's steps and answer; none without it
 */
public record TemplateResult(TemplateConfig config, @JsonUnwrapped RunHeader header, long warmupOps,
                             double warmupSec, @JsonUnwrapped TemplateTraffic traffic, Faults faults,
                             @JsonUnwrapped SearchAnswer<TemplateStep> search) implements RunResult {

    @Override
    public String mode() {
        return TemplateMode.NAME;
    }

    /**
     * Failed requests: of the measured traffic, or of every step of a search. A failure fails its
     * step, which is how a search finds where the server breaks; it fails the run too, for an answer
     * found through failing requests is not a clean one.
     */
    public long errors() {
        return search.searched() ? search.steps().stream().mapToLong(step -> step.traffic().errors()).sum()
                : traffic.errors();
    }

    /**
     * Every request was sent and got a reply that was not an error, a search found its answer, and
     * nothing stopped the run; else what not.
     */
    @Override
    public List<String> failures() {
        return FailureReasons.of(faults, search, config.plan().search())
                .count(errors(), "failed requests")
                .count(search.searched() ? 0 : traffic.schedule().unsentOps(), "requests due never sent")
                .list();
    }

    /**
     * The target rate of the traffic the top-level figures are of: the run's, or that of the search's
     * step they come from; 0 in a closed loop.
     */
    public double trafficTargetOpsPerSec() {
        return search.steps().stream().filter(step -> step.traffic() == traffic).findFirst()
                .map(TemplateStep::targetOpsPerSec).orElse(config.plan().rate().opsPerSec());
    }

    /** The measured requests, or a search's highest passing step; no value is verified. */
    @Override
    public ResultSummary summary() {
        if (search.searched() && search.headline() == null) {
            return ResultSummary.of(mode(), "requests: no rate of the search passed twice", 0, null, errors(),
                    Verification.NOT_VERIFIED, 0, failures());
        }
        return ResultSummary.of(mode(), search.searched() ? "requests of the search's highest passing step"
                        : "measured requests", traffic.schedule().achievedOpsPerSec(), traffic.all(), errors(),
                Verification.NOT_VERIFIED, 0, failures()).withClientBound(traffic.work().jvm().clientBound());
    }
}
