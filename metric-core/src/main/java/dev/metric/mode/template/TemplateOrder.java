package dev.metric.mode.template;

/**
 * How each lane of {@code metric run} picks its next template: drawn at random by weight
 * ({@code --weights}), or in turn, each template its weight's times in a row and then the next, as
 * memtier_benchmark sends its {@code --command-ratio} and {@code --ratio} on each connection. In
 * turn, a run of a fixed count of requests sends each template an exact share, which a suite's
 * preload of several commands relies on for its key count.
 */
public enum TemplateOrder {
    /** Each request's template drawn at random, in proportion to its weight. */
    DRAWN,
    /** Each lane from the first template, each its weight's times in a row, then the next, round again. */
    IN_TURN
}
