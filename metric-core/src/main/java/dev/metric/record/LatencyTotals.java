package dev.metric.record;

import org.HdrHistogram.Histogram;

/**
 * The latencies of several recorders together, for a report's rows that add up others (all
 * operations, all commands): their histograms merged, and their counts of values below 0 summed, so
 * that a row of all keeps what its parts said.
 */
public final class LatencyTotals {

    private final Histogram nanos = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
    private long belowZero;

    /** Adds what {@code recorder} holds. */
    public void add(LatencyRecorder recorder) {
        nanos.add(recorder.total());
        belowZero += recorder.belowZero();
    }

    /** Every value added, in one histogram of nanoseconds. */
    public Histogram nanos() {
        return nanos;
    }

    /** The percentiles of every value added, and how many were below 0. */
    public LatencySummary summary() {
        return LatencySummary.of(nanos, belowZero);
    }
}
