package dev.metric.record;

import org.HdrHistogram.Histogram;

/**
 * The percentiles a report shows, in microseconds, taken from a histogram of nanoseconds.
 *
 * @param count      values recorded
 * @param meanMicros arithmetic mean
 * @param p50Micros  median
 * @param p95Micros  95th percentile, the original tool's headline figure
 * @param p99Micros  99th percentile
 * @param p999Micros 99.9th percentile
 * @param maxMicros  largest value recorded
 */
public record LatencySummary(long count, double meanMicros, double p50Micros, double p95Micros,
                             double p99Micros, double p999Micros, double maxMicros) {

    private static final double NANOS_PER_MICRO = 1000.0;

    /** Summarises {@code nanos}, a histogram of nanosecond values. */
    public static LatencySummary of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(nanos.getTotalCount(),
                nanos.getMean() / NANOS_PER_MICRO,
                micros(nanos, 50.0),
                micros(nanos, 95.0),
                micros(nanos, 99.0),
                micros(nanos, 99.9),
                nanos.getMaxValue() / NANOS_PER_MICRO);
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getValueAtPercentile(percentile) / NANOS_PER_MICRO;
    }
}
