package dev.metric.mode.replay;

/**
 * A phase of a replay left out of its figures: the warm phase that writes the keys the trace
 * reads before it writes them, or the warm-up that replays the trace's first commands while the
 * client's code is compiled. Its errors still fail the run.
 *
 * @param count      keys written (warm phase), or commands sent (warm-up)
 * @param seconds    how long it took
 * @param errors     requests that failed
 * @param firstError the first failure, or null
 */
public record UnmeasuredPhase(long count, double seconds, long errors, String firstError) {

    /** A phase that had nothing to do. */
    static final UnmeasuredPhase NONE = new UnmeasuredPhase(0, 0, 0, null);
}
