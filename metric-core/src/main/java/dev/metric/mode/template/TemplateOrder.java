package dev.metric.mode.template;

/**
 * How each lane of {@code metric run} makes its next request: its template drawn at random by weight
 * ({@code --weights}); or in turn, each template its weight's times in a row and then the next, as
 * memtier_benchmark sends its {@code --command-ratio} and {@code --ratio} on each connection (a run
 * of a fixed count of requests then sends each template an exact share, which a suite's preload of
 * several commands relies on for its key count); or one SCAN following its cursor, as memtier's
 * {@code --scan-incremental-iteration}.
 */
public enum TemplateOrder {
    /** Each request's template drawn at random, in proportion to its weight. */
    DRAWN,
    /** Each lane from the first template, each its weight's times in a row, then the next, round again. */
    IN_TURN,
    /**
     * One template, {@code SCAN 0 ...}, whose cursor each lane takes from its last reply: {@code 0}
     * to begin, then the cursor each SCAN returned, until one returns {@code 0} and the walk
     * begins again. A lane keeps one request in flight, since each SCAN waits for the one before.
     */
    FOLLOWING_CURSOR
}
