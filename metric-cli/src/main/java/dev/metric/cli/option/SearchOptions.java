package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.config.PacedBuilder;
import dev.metric.config.PacedRunBuilder;
import dev.metric.config.SearchPlan;
import dev.metric.config.Slo;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The search for the highest rate that meets latency objectives ({@code --find-max}), for a mode
 * whose configuration takes a {@link SearchPlan}; one mixin, so that every such mode takes it alike.
 */
public final class SearchOptions {

    @Option(names = "--find-max", description = "Search for the highest rate that meets --slo: double the rate"
            + " each step until one fails, then bisect. A rate counts when it passed twice and never failed; a step"
            + " late on the client's side (service time met the objective) doubles the threads, or the connections"
            + " of each event loop, up to 8 times, before its rate fails (a replay keeps its lanes). The answer names"
            + " its limit.")
    boolean findMax;

    @Option(names = "--slo", paramLabel = "pN=T",
            description = "Latency objective(s) for --find-max on response time, e.g. p99=1ms or p99=1ms,p50=200us.")
    String slo;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "20",
            description = "The most steps --find-max runs (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    /** How long a step lasts unless --step-duration says. */
    private static final Duration STEP_DURATION = Duration.ofSeconds(10);

    @Option(names = "--step-duration", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "Traffic per --find-max step (default: 10s; a replay's step is the whole trace).")
    Duration stepDuration;

    /**
     * Sets the search on {@code builder}, its steps of --step-duration: none without --find-max.
     *
     * @throws IllegalArgumentException for an --slo without --find-max, or --find-max without one
     */
    public <B extends PacedRunBuilder<B>> B applyTo(B builder) {
        return builder.search(search(stepDuration == null ? STEP_DURATION : stepDuration));
    }

    /**
     * Sets the search on a replay's {@code builder}, whose every step replays the whole trace: a
     * --step-duration given is passed on for the configuration to refuse.
     *
     * @throws IllegalArgumentException for an --slo without --find-max, or --find-max without one
     */
    public <B extends PacedBuilder<B>> B applyToReplay(B builder) {
        return builder.search(search(stepDuration));
    }

    private SearchPlan search(Duration step) {
        if (!findMax) {
            if (slo != null) {
                throw new IllegalArgumentException("--slo is used by --find-max, which was not given");
            }
            return null;
        }
        if (slo == null) {
            throw new IllegalArgumentException("--find-max needs an --slo, e.g. --slo p99=1ms");
        }
        return new SearchPlan(Slo.parseAll(slo), maxSteps,
                step == null ? null : QuantityConverters.wholeSeconds("--step-duration", step, 1));
    }
}
