package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.HdrHistogram.Histogram;

/**
 * How late the client's stall meter woke while a phase was measured ({@code dev.metric.run.StallMeter}):
 * time the client's process could not run, whatever the server did. A request due in a stall went
 * out late by up to its length, and a reply that came in one was read late by up to its length; that
 * part of its response or service time is the client's.
 *
 * <p>The percentiles are jHiccup's: of a moment picked at random, how long it waited for the
 * process to run. A stall of 30 ms is one late wake-up, but it hid the 29 wake-ups due during it,
 * which would have waited 29, 28, ... 1 ms; those are counted too ({@link #momentsNanos}), so that
 * a client stalled 2% of the time shows it at its 99th percentile however few its stalls were.
 *
 * @param wakeUps      how often the meter woke
 * @param p99Micros    the 99th percentile of how long a moment waited for the client to run
 * @param maxMicros    the latest it woke: the longest stall
 * @param stalls       wake-ups at least {@code dev.metric.run.StallMeter#STALL} late
 * @param momentsNanos how long each moment waited, in nanoseconds: the wake-ups with those each
 *                     late one hid, for judging a latency objective against the client alone
 */
public record ClientStalls(long wakeUps, double p99Micros, double maxMicros, long stalls,
                           @JsonIgnore Histogram momentsNanos) {

    /** No meter ran. */
    public static final ClientStalls NONE = new ClientStalls(0, 0, 0, 0, new Histogram(3));

    /**
     * The figures of a meter's wake-ups, counting as stalls those {@code stallNanos} late or later.
     *
     * @param wakeUpsNanos how late each wake-up was
     * @param momentsNanos the same with the wake-ups each late one hid
     */
    public static ClientStalls of(Histogram wakeUpsNanos, Histogram momentsNanos, long stallNanos) {
        long count = wakeUpsNanos.getTotalCount();
        if (count == 0) {
            return NONE;
        }
        long stalls = wakeUpsNanos.getMaxValue() < stallNanos ? 0
                : wakeUpsNanos.getCountBetweenValues(stallNanos, wakeUpsNanos.getMaxValue());
        return new ClientStalls(count, momentsNanos.getValueAtPercentile(99) / 1e3,
                wakeUpsNanos.getMaxValue() / 1e3, stalls, momentsNanos);
    }

    /** Whether a meter ran: without one, nothing is known of the client's stalls. */
    public boolean metered() {
        return wakeUps > 0;
    }
}
