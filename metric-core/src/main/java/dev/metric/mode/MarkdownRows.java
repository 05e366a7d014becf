package dev.metric.mode;

import java.util.List;

/**
 * A mode whose runs are rows of the write-up's table ({@code | client threads | rps | 95% latency
 * (ms) |}, widened with what else tells runs apart): what {@code --markdown} prints.
 *
 * @param <R> the mode's result
 */
public interface MarkdownRows<R> {

    /** The table's columns. */
    List<String> markdownColumns();

    /** A result's row. */
    List<String> markdownRow(R result);
}
