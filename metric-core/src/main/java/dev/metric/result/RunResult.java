package dev.metric.result;

/**
 * What the result of every mode answers, so that the code writing results needs to know no mode:
 * which mode it came from, whether it passed, and its headline.
 */
public interface RunResult {

    /** The mode's name as results carry it: {@code mode1}, {@code mode2}, {@code run}. */
    String mode();

    /** Whether the run did what it set out to without a failure its mode counts as one. */
    boolean passed();

    /** The run's headline, in the fields every mode shares; written apart from the result's own fields. */
    ResultSummary summary();
}
