package dev.metric.config;

import dev.metric.pacing.TargetRate;
import java.time.Duration;

/**
 * A builder of a configuration whose traffic can go at a target rate: the modes that run for a
 * time ({@link PacedRunBuilder}) and replay, whose trace ends by itself. The command line's pace
 * options set it through this one path.
 *
 * @param <B> the builder itself, so that a chain of setters keeps its type
 */
public interface PacedBuilder<B extends PacedBuilder<B>> {

    /** Target rate of all lanes together; a closed loop by default. */
    B rate(TargetRate rate);

    /** Ticks the schedule is released in; zero, the default, is an even schedule. */
    B rateTick(Duration rateTick);

    /** The capacity search ({@code --find-max}); null, the default, for none. */
    B search(SearchPlan search);
}
