package dev.metric.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The whole latency distribution of a run, from its interval log ({@link ResponseTimes}), as the
 * points of a percentile spectrum.
 */
public final class LatencySpectrum {

    /** The deepest percentile drawn, 99.9999%: beyond it a run has too few values to say anything. */
    static final double DEEPEST_PERCENTILE = 99.9999;

    private LatencySpectrum() {
    }

    /** The response-time histograms of {@code hdrLog} merged into one, in nanoseconds. */
    public static Histogram read(Path hdrLog) throws IOException {
        return ResponseTimes.read(hdrLog).nanos();
    }

    /**
     * The points of the percentiles a result gives ({@code microsByPercentile}, e.g. 50 to its
     * p50Micros), as {@link #points(Histogram)} makes them; a percentile that is unknown (NaN) or 0,
     * which a log axis cannot show, is left out.
     */
    public static List<double[]> points(Map<Double, Double> microsByPercentile) {
        List<double[]> points = new ArrayList<>();
        new TreeMap<>(microsByPercentile).forEach((percentile, micros) -> {
            if (micros > 0) {
                points.add(new double[] {100 / (100 - percentile), micros / 1e3});
            }
        });
        return points;
    }

    /**
     * The spectrum's points: x = 1 / (1 - percentile), so that 90%, 99%, 99.9% are evenly spaced
     * on a log axis, and y the latency in milliseconds at that percentile.
     */
    public static List<double[]> points(Histogram nanos) {
        List<double[]> points = new ArrayList<>();
        if (nanos.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue value : nanos.percentiles(5)) {
            double percentile = value.getPercentileLevelIteratedTo();
            if (percentile > DEEPEST_PERCENTILE) {
                break;
            }
            points.add(new double[] {100 / (100 - percentile), value.getValueIteratedTo() / 1e6});
        }
        return points;
    }
}
