package dev.metric.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * The whole latency distribution of a run, from its interval log: every response-time histogram
 * merged (service-time tags and the load's batches left out), as the points of a percentile
 * spectrum.
 */
public final class LatencySpectrum {

    /** The deepest percentile drawn, 99.9999%: beyond it a run has too few values to say anything. */
    static final double DEEPEST_PERCENTILE = 99.9999;

    private LatencySpectrum() {
    }

    /** The response-time histograms of {@code hdrLog} merged into one, in nanoseconds. */
    public static Histogram read(Path hdrLog) throws IOException {
        Histogram merged = new Histogram(3);
        int intervals = 0;
        try (HistogramLogReader reader = new HistogramLogReader(hdrLog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                intervals++;
                String tag = interval.getTag();
                if (tag != null && (tag.endsWith("-service") || tag.equals("set-batch"))) {
                    continue;
                }
                if (!(interval instanceof Histogram histogram)) {
                    throw new IllegalArgumentException(hdrLog + " holds floating-point histograms, not metric's");
                }
                merged.add(histogram);
            }
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(hdrLog + " is not an HdrHistogram interval log: " + e.getMessage(), e);
        }
        if (intervals == 0) {
            throw new IllegalArgumentException(hdrLog + " holds no interval histograms: not an HdrHistogram interval log");
        }
        return merged;
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
