package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.convert.RenamedOption;
import dev.metric.config.PacedRunBuilder;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How long a timed run's traffic lasts ({@code mode2}, {@code run}, {@code bench} and their sweeps):
 * a warm-up that flows into the measurement, left out of the figures, then the measured time. The
 * options are declared once; each command passes its own {@link Defaults}.
 */
public final class TrafficTimeOptions {

    /** mode2's: a minute measured after 5 s of warm-up. */
    public static final Defaults MODE2 = new Defaults(Duration.ofSeconds(60), Duration.ofSeconds(5));
    /** The command templates' ({@code run}, {@code bench}): 10 s measured after 2 s of warm-up. */
    public static final Defaults TEMPLATES = new Defaults(Duration.ofSeconds(10), Duration.ofSeconds(2));

    /**
     * A command's times when its options do not give them.
     *
     * @param duration the measured time
     * @param warmup   the warm-up before it
     */
    public record Defaults(Duration duration, Duration warmup) {
    }

    @Option(names = {"--duration", "--test-time"}, paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "Time measured, e.g. 30s or 2m; a bare number is seconds, as memtier_benchmark's"
                    + " --test-time, its other name (default: 60s for mode2, 10s for run and bench).")
    Duration duration;

    @Option(names = "--warmup-time", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "Traffic before measuring, left out of the figures: the first half closed loop, the second"
                    + " at the run's rate (default: 5s for mode2, 2s for run and bench). --warmup is its old name,"
                    + " still accepted.")
    Duration warmup;

    @Option(names = "--warmup", paramLabel = "T", hidden = true, converter = QuantityConverters.Seconds.class,
            description = "The old name of --warmup-time.")
    Duration oldWarmup;

    /** The warm-up and the measured time: how long the traffic is planned to take, without a search. */
    public Duration trafficTime(Defaults defaults) {
        return warmup(defaults).plus(duration == null ? defaults.duration() : duration);
    }

    /**
     * Sets the measured time and the warm-up on {@code builder}, in whole seconds.
     *
     * @throws IllegalArgumentException with a one-line reason for a time that is not whole seconds, or too short
     */
    public <B extends PacedRunBuilder<B>> B applyTo(B builder, Defaults defaults) {
        return builder.duration(QuantityConverters.wholeSeconds("--duration",
                        duration == null ? defaults.duration() : duration, 1))
                .warmup(QuantityConverters.wholeSeconds("--warmup-time", warmup(defaults), 0));
    }

    /** Whether the measured time was given, rather than the command's default. */
    public boolean durationGiven() {
        return duration != null;
    }

    /** Whether the warm-up was given (by either name), rather than the command's default. */
    public boolean warmupGiven() {
        return warmup != null || oldWarmup != null;
    }

    private Duration warmup(Defaults defaults) {
        return RenamedOption.value("--warmup-time", warmup, "--warmup", oldWarmup, defaults.warmup());
    }
}
