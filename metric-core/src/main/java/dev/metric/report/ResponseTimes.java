package dev.metric.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's response times from its interval log, interval by interval: each interval's
 * response-time histograms merged (service-time tags and the load's batches left out), with the
 * wall-clock times it began and ended, so that runs of several generators can be merged over only
 * the time they all measured.
 *
 * @param intervals in the order they were written; none is empty of time
 */
public record ResponseTimes(List<Interval> intervals) {

    /**
     * One interval of the log.
     *
     * @param startEpochSec when it began, in seconds since the epoch
     * @param endEpochSec   when it ended
     * @param nanos         the responses it timed, in nanoseconds
     */
    public record Interval(double startEpochSec, double endEpochSec, Histogram nanos) {

        /** How long it lasted. */
        public double seconds() {
            return endEpochSec - startEpochSec;
        }

        /** Its responses per second. */
        public double responsesPerSec() {
            return nanos.getTotalCount() / seconds();
        }
    }

    /**
     * An interval shorter than this (the last of a phase, cut short by its end) has too few
     * responses for its rate or percentiles to stand beside a whole second's.
     */
    static final double WHOLE_INTERVAL_SEC = 0.5;

    public ResponseTimes {
        intervals = List.copyOf(intervals);
    }

    /**
     * Reads {@code hdrLog}.
     *
     * @throws IllegalArgumentException when it is not an interval log of metric's
     */
    public static ResponseTimes read(Path hdrLog) throws IOException {
        Map<Long, Interval> byStart = new LinkedHashMap<>();
        int histograms = 0;
        try (HistogramLogReader reader = new HistogramLogReader(hdrLog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                histograms++;
                String tag = interval.getTag();
                if (tag != null && (tag.endsWith("-service") || tag.equals("set-batch"))) {
                    continue;
                }
                if (!(interval instanceof Histogram histogram)) {
                    throw new IllegalArgumentException(hdrLog + " holds floating-point histograms, not metric's");
                }
                // Every tag of one interval is written with the same start and end.
                double endEpochSec = interval.getEndTimeStamp() / 1000.0;
                byStart.computeIfAbsent(interval.getStartTimeStamp(), start -> new Interval(start / 1000.0,
                        endEpochSec, new Histogram(3))).nanos().add(histogram);
            }
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(hdrLog + " is not an HdrHistogram interval log: " + e.getMessage(), e);
        }
        if (histograms == 0) {
            throw new IllegalArgumentException(
                    hdrLog + " holds no interval histograms: not an HdrHistogram interval log");
        }
        return new ResponseTimes(new ArrayList<>(byStart.values()));
    }

    /** Every response of every interval, in one histogram. */
    public Histogram nanos() {
        Histogram all = new Histogram(3);
        intervals.forEach(interval -> all.add(interval.nanos()));
        return all;
    }

    /** When the first interval began, in seconds since the epoch; infinite when there is none. */
    public double startEpochSec() {
        return intervals.stream().mapToDouble(Interval::startEpochSec).min().orElse(Double.POSITIVE_INFINITY);
    }

    /** When the last interval ended. */
    public double endEpochSec() {
        return intervals.stream().mapToDouble(Interval::endEpochSec).max().orElse(Double.NEGATIVE_INFINITY);
    }

    /** The intervals that lie wholly between {@code fromEpochSec} and {@code toEpochSec}. */
    public ResponseTimes within(double fromEpochSec, double toEpochSec) {
        return new ResponseTimes(intervals.stream()
                .filter(interval -> interval.startEpochSec() >= fromEpochSec && interval.endEpochSec() <= toEpochSec)
                .toList());
    }

    /** The responses the intervals timed. */
    public long count() {
        return intervals.stream().mapToLong(interval -> interval.nanos().getTotalCount()).sum();
    }

    /** The time the intervals cover, in seconds. */
    public double seconds() {
        return intervals.stream().mapToDouble(Interval::seconds).sum();
    }

    /**
     * The intervals that responded and lasted at least half a second: those whose rate and
     * percentiles can be set beside each other, second by second.
     */
    public List<Interval> wholeIntervals() {
        return intervals.stream()
                .filter(interval -> interval.nanos().getTotalCount() > 0 && interval.seconds() >= WHOLE_INTERVAL_SEC)
                .toList();
    }
}
