package dev.metric.result;

import org.HdrHistogram.Histogram;

/**
 * How late the client's stall meter woke while a phase was measured ({@code dev.metric.run.StallMeter}):
 * time the client's process could not run, whatever the server did. A request due in a stall went
 * out late by up to its length; that part of its response time is the client's.
 *
 * @param wakeUps   how often the meter woke
 * @param p99Micros the 99th percentile of how late it woke
 * @param maxMicros the latest it woke: the longest stall
 * @param stalls    wake-ups at least {@code dev.metric.run.StallMeter#STALL} late
 */
public record ClientStalls(long wakeUps, double p99Micros, double maxMicros, long stalls) {

    /** No meter ran. */
    public static final ClientStalls NONE = new ClientStalls(0, 0, 0, 0);

    /** The figures of {@code latenessNanos}, counting as stalls the wake-ups {@code stallNanos} late or later. */
    public static ClientStalls of(Histogram latenessNanos, long stallNanos) {
        long count = latenessNanos.getTotalCount();
        if (count == 0) {
            return NONE;
        }
        long stalls = latenessNanos.getMaxValue() < stallNanos ? 0
                : latenessNanos.getCountBetweenValues(stallNanos, latenessNanos.getMaxValue());
        return new ClientStalls(count, latenessNanos.getValueAtPercentile(99) / 1e3,
                latenessNanos.getMaxValue() / 1e3, stalls);
    }
}
