package dev.metric.compare;

/** The figures of a result's summary that compare sets side by side, and which way is better. */
public enum Headline {
    OPS_PER_SEC("ops/s", "opsPerSec", true),
    P50("p50 (ms)", "p50Micros", false),
    P99("p99 (ms)", "p99Micros", false),
    P999("p99.9 (ms)", "p999Micros", false),
    MAX("max (ms)", "maxMicros", false);

    private final String label;
    private final String field;
    private final boolean higherIsBetter;

    Headline(String label, String field, boolean higherIsBetter) {
        this.label = label;
        this.field = field;
        this.higherIsBetter = higherIsBetter;
    }

    /** As the table heads its row. */
    public String label() {
        return label;
    }

    /** The summary's field that holds it. */
    String field() {
        return field;
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
