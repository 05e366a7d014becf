package dev.metric.compare;

import dev.metric.report.ResponseTimes;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * How uncertain a single run's headline figures are, from its interval log: a circular block
 * bootstrap over its one-second intervals. The run is rebuilt {@value #RESAMPLES} times from
 * blocks of consecutive intervals drawn with replacement (blocks of about the cube root of the
 * interval count, so that seconds that hang together, as a server's slow minute does, are drawn
 * together); each rebuilt run's figures are computed as the run's own are (its rate from the
 * counts over the time, its percentiles from the merged histogram), and a figure's band is half
 * the width of the middle 95% of its rebuilt values, in percent of the figure over all intervals.
 *
 * <p>This is the uncertainty of the whole run's figure, the one compare sets beside another run's:
 * it shrinks as a run gets longer, where one second's variation does not. The resamples are seeded,
 * so that the same log gives the same band every time.
 */
public final class IntervalBootstrap {

    /** Fewer whole intervals than this give no band: too few blocks to resample. */
    static final int MIN_INTERVALS = 5;
    /** How many rebuilt runs each band is taken from. */
    static final int RESAMPLES = 1000;
    /** The share of rebuilt values the band covers. */
    static final double COVERAGE = 0.95;

    private static final long SEED = 0x6d657472L;
    private static final double NANOS_PER_MICRO = 1000.0;

    private final Map<Headline, Double> bandPercent;

    private IntervalBootstrap(Map<Headline, Double> bandPercent) {
        this.bandPercent = bandPercent;
    }

    /** The bands of {@code times}' figures, or null when it has fewer than {@value #MIN_INTERVALS} whole intervals. */
    public static IntervalBootstrap of(ResponseTimes times) {
        List<ResponseTimes.Interval> whole = times.wholeIntervals();
        if (whole.size() < MIN_INTERVALS) {
            return null;
        }
        SparseIntervals intervals = new SparseIntervals(whole);
        int count = whole.size();
        int block = Math.max(1, (int) Math.round(Math.cbrt(count)));
        Map<Headline, double[]> resampled = new EnumMap<>(Headline.class);
        for (Headline figure : Headline.values()) {
            resampled.put(figure, new double[RESAMPLES]);
        }
        Random random = new Random(SEED);
        int[] drawn = new int[count];
        for (int resample = 0; resample < RESAMPLES; resample++) {
            int filled = 0;
            while (filled < count) {
                int start = random.nextInt(count);
                for (int i = 0; i < block && filled < count; i++) {
                    drawn[filled++] = (start + i) % count;
                }
            }
            Map<Headline, Double> figures = intervals.figures(drawn);
            for (Headline figure : Headline.values()) {
                resampled.get(figure)[resample] = figures.get(figure);
            }
        }
        int[] all = new int[count];
        Arrays.setAll(all, i -> i);
        Map<Headline, Double> observed = intervals.figures(all);
        Map<Headline, Double> bands = new EnumMap<>(Headline.class);
        for (Headline figure : Headline.values()) {
            bands.put(figure, halfWidthPercent(resampled.get(figure), observed.get(figure)));
        }
        return new IntervalBootstrap(bands);
    }

    /** Half the width of the middle 95% of {@code figure}'s rebuilt values, in percent of its value; NaN for 0. */
    public double bandPercent(Headline figure) {
        return bandPercent.get(figure);
    }

    private static double halfWidthPercent(double[] values, double figure) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double tail = (1 - COVERAGE) / 2;
        double low = sorted[(int) Math.floor(tail * (sorted.length - 1))];
        double high = sorted[(int) Math.ceil((1 - tail) * (sorted.length - 1))];
        return figure == 0 ? Double.NaN : (high - low) / 2 / figure * 100;
    }

    /**
     * The intervals as counts at each distinct recorded value, so that a rebuilt run's histogram is
     * a sum over the values the intervals hold rather than over every bucket a histogram can have.
     */
    private static final class SparseIntervals {

        /** Each distinct value recorded in any interval, ascending, in microseconds. */
        private final double[] micros;
        /** Per interval, the indices into {@link #micros} of the values it holds. */
        private final int[][] valueIndices;
        /** Per interval, how many responses it holds at each of those values. */
        private final long[][] counts;
        private final double[] seconds;
        private final long[] totals;

        SparseIntervals(List<ResponseTimes.Interval> intervals) {
            TreeMap<Long, Integer> distinct = new TreeMap<>();
            for (ResponseTimes.Interval interval : intervals) {
                for (HistogramIterationValue value : interval.nanos().recordedValues()) {
                    distinct.put(value.getValueIteratedTo(), 0);
                }
            }
            micros = new double[distinct.size()];
            int index = 0;
            for (Map.Entry<Long, Integer> value : distinct.entrySet()) {
                value.setValue(index);
                micros[index++] = value.getKey() / NANOS_PER_MICRO;
            }
            int n = intervals.size();
            valueIndices = new int[n][];
            counts = new long[n][];
            seconds = new double[n];
            totals = new long[n];
            for (int i = 0; i < n; i++) {
                Histogram nanos = intervals.get(i).nanos();
                int values = 0;
                for (HistogramIterationValue ignored : nanos.recordedValues()) {
                    values++;
                }
                valueIndices[i] = new int[values];
                counts[i] = new long[values];
                int j = 0;
                for (HistogramIterationValue value : nanos.recordedValues()) {
                    valueIndices[i][j] = distinct.get(value.getValueIteratedTo());
                    counts[i][j++] = value.getCountAtValueIteratedTo();
                }
                seconds[i] = intervals.get(i).seconds();
                totals[i] = nanos.getTotalCount();
            }
        }

        /** The headline figures of the run made of {@code drawn}'s intervals, latencies in microseconds. */
        Map<Headline, Double> figures(int[] drawn) {
            long[] atValue = new long[micros.length];
            long total = 0;
            double time = 0;
            for (int interval : drawn) {
                int[] indices = valueIndices[interval];
                long[] these = counts[interval];
                for (int j = 0; j < indices.length; j++) {
                    atValue[indices[j]] += these[j];
                }
                total += totals[interval];
                time += seconds[interval];
            }
            Map<Headline, Double> figures = new EnumMap<>(Headline.class);
            figures.put(Headline.OPS_PER_SEC, total / time);
            figures.put(Headline.P50, percentile(atValue, total, 50.0));
            figures.put(Headline.P99, percentile(atValue, total, 99.0));
            figures.put(Headline.P999, percentile(atValue, total, 99.9));
            figures.put(Headline.MAX, percentile(atValue, total, 100.0));
            return figures;
        }

        /** The smallest value at or below which {@code percentile}% of the responses lie, as HdrHistogram finds it. */
        private double percentile(long[] atValue, long total, double percentile) {
            long wanted = Math.max(1, (long) Math.ceil(percentile / 100 * total));
            long seen = 0;
            for (int i = 0; i < atValue.length; i++) {
                seen += atValue[i];
                if (seen >= wanted) {
                    return micros[i];
                }
            }
            return micros[micros.length - 1];
        }
    }
}
