package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.PhaseResult;
import dev.metric.search.SearchAnswer;
import java.util.function.ToLongFunction;

/**
 * mode2's traffic: its warm-up and measured phase, or the steps of a search and its answer. Its
 * fields are written at the top level of the result's JSON.
 *
 * @param warmup   the warm-up traffic, left out of every other figure; null when none
 * @param measured the measured traffic; null for a search
 * @param search   a search's steps and answer; {@link SearchAnswer#none} without one
 */
public record Mode2Phases(PhaseResult warmup, PhaseResult measured, @JsonUnwrapped SearchAnswer<SearchStep> search) {

    /** {@code count} summed over every phase: the warm-up, the measured traffic, each step and its warm-up. */
    public long sum(ToLongFunction<PhaseResult> count) {
        long sum = 0;
        for (PhaseResult phase : new PhaseResult[] {warmup, measured}) {
            sum += phase == null ? 0 : count.applyAsLong(phase);
        }
        for (SearchStep step : search.steps()) {
            sum += count.applyAsLong(step.traffic()) + (step.warmUp() == null ? 0 : count.applyAsLong(step.warmUp()));
        }
        return sum;
    }

    /**
     * The traffic a one-line summary of the run stands for: the measured phase, or a search's
     * highest passing step (its last run); null when a search had no passing step.
     */
    public PhaseResult headline() {
        if (measured != null) {
            return measured;
        }
        SearchStep best = search.headline();
        return best == null ? null : best.traffic();
    }
}
