package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.TrafficShape;
import dev.metric.search.CapacitySearch;
import dev.metric.search.StepVerdict;

/**
 * One step of {@code metric run}'s capacity search: the rate and lanes it ran at, what it
 * measured, and its verdict. Its parts' fields are written at the step's level of the JSON.
 *
 * @param purpose why the step ran: a new rate, a confirmation, or more concurrency
 * @param shape   the target rate, threads, connections and requests in flight it had
 * @param traffic what it measured
 * @param verdict whether it passed, each objective held, and why it failed
 */
public record TemplateStep(CapacitySearch.Purpose purpose, @JsonUnwrapped TrafficShape shape,
                           @JsonUnwrapped TemplateTraffic traffic, @JsonUnwrapped StepVerdict verdict)
        implements StepVerdict.Judged {

    @Override
    public double targetOpsPerSec() {
        return shape.targetOpsPerSec();
    }
}
