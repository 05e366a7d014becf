package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.config.PacedBuilder;
import dev.metric.pacing.TargetRate;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The pace of a mode whose traffic can go at a rate ({@code mode2}, {@code run}, {@code bench},
 * {@code replay}): a target rate and the ticks its schedule is released in. One mixin, so that
 * every such mode takes them alike and they reach its configuration by one path;
 * {@link SearchOptions} adds the search.
 */
public final class PaceOptions {

    @Option(names = "--rate", paramLabel = "R", converter = QuantityConverters.Rate.class,
            description = "Target rate in requests per second for all threads together (open loop), e.g. 20000 or"
                    + " 20k. Requests the client did not send by --timeout after the end are counted and fail the"
                    + " run. With --find-max, the rate of the first step (default 1000). Default: closed loop.")
    Double rate;

    @Option(names = "--rate-tick", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "Release the --rate schedule in bursts: every request of a tick of T (up to 1s) is due at"
                    + " the tick's start, e.g. 20ms, as memtier_benchmark's --rate-limiting does. Fewer timer wake-ups"
                    + " for the client; a burst's requests that wait for their connection are late by that wait."
                    + " Default: an even schedule, each request due at its own time.")
    Duration rateTick;

    /** Sets the rate and its tick on {@code builder}. */
    public <B extends PacedBuilder<B>> B applyTo(B builder) {
        return builder.rate(rate == null ? TargetRate.CLOSED_LOOP : new TargetRate(rate))
                .rateTick(rateTick == null ? Duration.ZERO : rateTick);
    }
}
