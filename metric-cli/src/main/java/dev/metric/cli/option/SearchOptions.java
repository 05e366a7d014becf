package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
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
            + " of each event loop, up to 8 times, before its rate fails. The answer names its limit.")
    boolean findMax;

    @Option(names = "--slo", paramLabel = "pN=T",
            description = "Latency objective(s) for --find-max on response time, e.g. p99=1ms or p99=1ms,p50=200us.")
    String slo;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "20",
            description = "The most steps --find-max runs (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--step-duration", paramLabel = "T", defaultValue = "10s",
            converter = QuantityConverters.Seconds.class,
            description = "Traffic per --find-max step (default: ${DEFAULT-VALUE}).")
    Duration stepDuration;

    /**
     * Sets the search on {@code builder}: none without --find-max.
     *
     * @throws IllegalArgumentException for an --slo without --find-max, or --find-max without one
     */
    public <B extends PacedRunBuilder<B>> B applyTo(B builder) {
        return builder.search(search());
    }

    private SearchPlan search() {
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
                QuantityConverters.wholeSeconds("--step-duration", stepDuration, 1));
    }
}
