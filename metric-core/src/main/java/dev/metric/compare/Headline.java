package dev.metric.compare;

import dev.metric.result.ResultSummary;
import java.util.function.ToDoubleFunction;

/** The figures of a result's summary that compare sets side by side, and which way is better. */
public enum Headline {
    OPS_PER_SEC("ops/s", ResultSummary::opsPerSec, true),
    P50("p50 (ms)", summary -> summary.latency().p50Micros(), false),
    P99("p99 (ms)", summary -> summary.latency().p99Micros(), false),
    P999("p99.9 (ms)", summary -> summary.latency().p999Micros(), false),
    MAX("max (ms)", summary -> summary.latency().maxMicros(), false);

    private final String label;
    private final ToDoubleFunction<ResultSummary> figure;
    private final boolean higherIsBetter;

    Headline(String label, ToDoubleFunction<ResultSummary> figure, boolean higherIsBetter) {
        this.label = label;
        this.figure = figure;
        this.higherIsBetter = higherIsBetter;
    }

    /** As the table heads its row. */
    public String label() {
        return label;
    }

    /** This figure of {@code summary}: latencies in microseconds. */
    double of(ResultSummary summary) {
        return figure.applyAsDouble(summary);
    }

    /** Whether a change of {@code percent} makes it worse: fewer operations, or longer latency. */
    public boolean worse(double percent) {
        return higherIsBetter ? percent < 0 : percent > 0;
    }

    /** A latency, in microseconds in the summary (the table shows milliseconds). */
    boolean latency() {
        return this != OPS_PER_SEC;
    }
}
