package dev.metric.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The percentiles a report shows, in microseconds, taken from a histogram of nanoseconds: the
 * four every report has always shown as fields, and every percentile of {@link Percentiles#MENU},
 * so that {@code --percentiles} can show any of them without keeping the histogram.
 *
 * @param count      values recorded
 * @param belowZero  of them, those that were below 0 and count as 0 in the percentiles: a fault of the
 *                   measurement ({@link LatencyRecorder}), never hidden
 * @param meanMicros arithmetic mean
 * @param p50Micros  median
 * @param p95Micros  95th percentile, the original tool's headline figure
 * @param p99Micros  99th percentile
 * @param p999Micros 99.9th percentile
 * @param maxMicros  largest value recorded
 * @param menuMicros the value at each percentile of {@link Percentiles#MENU}, in its order; empty
 *                   when the summary was not read from a histogram
 */
public record LatencySummary(long count, long belowZero, double meanMicros, double p50Micros, double p95Micros,
                             double p99Micros, double p999Micros, double maxMicros,
                             @JsonIgnore List<Double> menuMicros) {

    private static final double NANOS_PER_MICRO = 1000.0;

    public LatencySummary {
        menuMicros = List.copyOf(menuMicros);
    }

    /** Summarises {@code nanos}, a histogram of nanosecond values none of which was below 0. */
    public static LatencySummary of(Histogram nanos) {
        return of(nanos, 0);
    }

    /** Summarises {@code nanos}, {@code belowZero} of whose values were below 0 and are in it as 0. */
    public static LatencySummary of(Histogram nanos, long belowZero) {
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, Percentiles.MENU.stream().map(p -> 0.0).toList());
        }
        return new LatencySummary(nanos.getTotalCount(), belowZero,
                nanos.getMean() / NANOS_PER_MICRO,
                micros(nanos, 50.0),
                micros(nanos, 95.0),
                micros(nanos, 99.0),
                micros(nanos, 99.9),
                nanos.getMaxValue() / NANOS_PER_MICRO,
                Percentiles.MENU.stream().map(p -> micros(nanos, p)).toList());
    }

    /**
     * The value at {@code percentile}, one of {@link Percentiles#MENU}, in µs: from the menu, or for
     * a summary without one (made by hand) from the four fields; NaN when not known.
     */
    public double micros(double percentile) {
        int index = Percentiles.MENU.indexOf(percentile);
        if (index < 0) {
            throw new IllegalArgumentException(percentile + " is not a percentile of the menu");
        }
        if (index < menuMicros.size()) {
            return menuMicros.get(index);
        }
        return percentile == 50.0 ? p50Micros : percentile == 95.0 ? p95Micros : percentile == 99.0 ? p99Micros
                : percentile == 99.9 ? p999Micros : Double.NaN;
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getValueAtPercentile(percentile) / NANOS_PER_MICRO;
    }
}
