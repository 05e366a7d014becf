package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.config.Slo;
import dev.metric.result.PhaseResult;
import dev.metric.search.CapacitySearch;
import dev.metric.search.StepVerdict;
import java.util.List;

/**
 * One step of mode2's capacity search and its verdict ({@link StepVerdict}).
 *
 * @param targetOpsPerSec the rate asked for
 * @param purpose         why the step ran: a new rate, a confirmation, or more concurrency
 * @param warmUp          the step's warm-up at its rate, left out of its figures; null when it had none
 * @param traffic         what the step measured, with the threads and requests in flight it had
 * @param verdict         whether it passed, each objective held, and why it failed
 */
public record SearchStep(double targetOpsPerSec, CapacitySearch.Purpose purpose, PhaseResult warmUp,
                         PhaseResult traffic, @JsonUnwrapped StepVerdict verdict) implements StepVerdict.Judged {

    /** Judges {@code traffic} against the objectives. */
    public static SearchStep judge(double targetOpsPerSec, CapacitySearch.Purpose purpose, PhaseResult warmUp,
                                   PhaseResult traffic, List<Slo> slos) {
        PhaseResult.Histograms times = traffic.histograms();
        return new SearchStep(targetOpsPerSec, purpose, warmUp, traffic, StepVerdict.judge(slos,
                times.allResponseNanos(), times.allServiceNanos(),
                traffic.errors() + traffic.checks().verificationFailures(), traffic.schedule().unsentOps(),
                traffic.work().jvm().stalls()));
    }
}
