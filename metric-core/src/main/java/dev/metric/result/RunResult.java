package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What the result of every mode answers, so that the code writing results needs to know no mode:
 * which mode it came from, whether it passed, and its headline.
 */
public interface RunResult {

    /** The mode's name as results carry it: {@code mode1}, {@code mode2}, {@code run}. */
    String mode();

    /**
     * Why the run did not pass, each reason in a few words with its count ({@code 3 failed
     * requests}); empty when it passed. The one place a mode decides its verdict: {@link #passed}
     * is this list being empty, and the report's result line and the summary give the same reasons.
     */
    List<String> failures();

    /**
     * Whether the run did what it set out to without a failure its mode counts as one: whether
     * {@link #failures} found none. Every result writes it as {@code passed}.
     */
    @JsonProperty("passed")
    default boolean passed() {
        return failures().isEmpty();
    }

    /** The run's headline, in the fields every mode shares; written apart from the result's own fields. */
    ResultSummary summary();
}
