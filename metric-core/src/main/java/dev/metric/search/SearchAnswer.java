package dev.metric.search;

import java.util.List;

/**
 * A capacity search's steps and its answer, as a result carries them; its fields are written at
 * the result's level of the JSON. A run without a search has {@link #none}.
 *
 * @param steps                   the steps in the order they ran; empty without a search
 * @param highestPassingOpsPerSec the answer: the highest rate that passed twice and never failed;
 *                                0 when none did; NaN without a search, which has no answer
 * @param searchLimit             what stopped the search above its answer; null without a search
 */
public record SearchAnswer<S extends CapacitySearch.Step>(List<S> steps, double highestPassingOpsPerSec,
                                                          CapacitySearch.Limit searchLimit) {

    /** No search. */
    public static <S extends CapacitySearch.Step> SearchAnswer<S> none() {
        return new SearchAnswer<>(List.of(), Double.NaN, null);
    }

    /** The answer of {@code outcome}. */
    public static <S extends CapacitySearch.Step> SearchAnswer<S> of(CapacitySearch.Outcome<S> outcome) {
        return new SearchAnswer<>(List.copyOf(outcome.steps()), outcome.highestConfirmed(), outcome.limit());
    }

    /** Whether a search ran. */
    public boolean searched() {
        return !Double.isNaN(highestPassingOpsPerSec);
    }

    /** Whether a search ran and found no rate that passed twice and never failed. */
    public boolean unanswered() {
        return searched() && !(highestPassingOpsPerSec > 0);
    }

    /** The last step that passed at the answer's rate; null when none did, or no search ran. */
    public S headline() {
        S best = null;
        for (S step : steps) {
            if (step.passed() && step.targetOpsPerSec() == highestPassingOpsPerSec) {
                best = step;
            }
        }
        return best;
    }
}
