package dev.metric.report;

import java.io.IOException;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's response times from its interval log: every response-time histogram merged
 * (service-time tags and the load's batches left out), and the wall-clock span the intervals
 * cover, which tells whether runs of several generators ran at the same time.
 *
 * @param nanos         the merged histogram, in nanoseconds
 * @param startEpochSec the start of the first interval, in seconds since the epoch
 * @param endEpochSec   the end of the last interval
 */
public record ResponseTimes(Histogram nanos, double startEpochSec, double endEpochSec) {

    /**
     * Reads {@code hdrLog}.
     *
     * @throws IllegalArgumentException when it is not an interval log of metric's
     */
    public static ResponseTimes read(Path hdrLog) throws IOException {
        Histogram merged = new Histogram(3);
        double start = Double.POSITIVE_INFINITY;
        double end = Double.NEGATIVE_INFINITY;
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
                start = Math.min(start, interval.getStartTimeStamp() / 1000.0);
                end = Math.max(end, interval.getEndTimeStamp() / 1000.0);
            }
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(hdrLog + " is not an HdrHistogram interval log: " + e.getMessage(), e);
        }
        if (intervals == 0) {
            throw new IllegalArgumentException(
                    hdrLog + " holds no interval histograms: not an HdrHistogram interval log");
        }
        return new ResponseTimes(merged, start, end);
    }
}
