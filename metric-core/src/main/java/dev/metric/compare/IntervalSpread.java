package dev.metric.compare;

import dev.metric.report.ResponseTimes;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * How much a run's headline figures varied from one interval of its interval log to the next: for
 * each, the coefficient of variation (standard deviation over mean) of its per-interval values. It
 * is how noisy a single run is, when no repeats say how noisy runs are. Only whole intervals count
 * ({@link ResponseTimes#wholeIntervals}); fewer than three give no estimate.
 */
public final class IntervalSpread {

    static final int MIN_INTERVALS = 3;
    private static final double NANOS_PER_MICRO = 1000.0;

    private final Map<Headline, Double> variation;

    private IntervalSpread(Map<Headline, Double> variation) {
        this.variation = variation;
    }

    /** The spread of {@code times}'s intervals, or null when it has fewer than three whole ones. */
    public static IntervalSpread of(ResponseTimes times) {
        List<ResponseTimes.Interval> whole = times.wholeIntervals();
        if (whole.size() < MIN_INTERVALS) {
            return null;
        }
        Map<Headline, Double> variation = new EnumMap<>(Headline.class);
        for (Headline figure : Headline.values()) {
            variation.put(figure, coefficientOfVariation(whole.stream()
                    .mapToDouble(interval -> value(figure, interval)).toArray()));
        }
        return new IntervalSpread(variation);
    }

    /** The coefficient of variation of {@code figure} over the intervals, e.g. 0.04 for 4%. */
    public double variation(Headline figure) {
        return variation.get(figure);
    }

    /** {@code figure} over one interval: its responses per second, or a latency in microseconds. */
    private static double value(Headline figure, ResponseTimes.Interval interval) {
        Histogram nanos = interval.nanos();
        return switch (figure) {
            case OPS_PER_SEC -> interval.responsesPerSec();
            case P50 -> nanos.getValueAtPercentile(50.0) / NANOS_PER_MICRO;
            case P99 -> nanos.getValueAtPercentile(99.0) / NANOS_PER_MICRO;
            case P999 -> nanos.getValueAtPercentile(99.9) / NANOS_PER_MICRO;
            case MAX -> nanos.getMaxValue() / NANOS_PER_MICRO;
        };
    }

    /** Sample standard deviation over mean; 0 for a constant series, NaN for a mean of 0. */
    static double coefficientOfVariation(double[] series) {
        double sum = 0;
        for (double value : series) {
            sum += value;
        }
        double mean = sum / series.length;
        double squares = 0;
        for (double value : series) {
            squares += (value - mean) * (value - mean);
        }
        return mean == 0 ? Double.NaN : Math.sqrt(squares / (series.length - 1)) / mean;
    }
}
