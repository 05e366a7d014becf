package dev.metric.workload;

import dev.metric.units.Quantity;
import java.time.Duration;

/**
 * An inclusive range of expiry times in seconds, drawn uniformly: every write in mode2 gets its
 * own, so that keys expire spread over time rather than all at once.
 *
 * @param minSeconds shortest TTL, at least 1 (SETEX refuses 0)
 * @param maxSeconds longest TTL
 */
public record TtlRange(long minSeconds, long maxSeconds) {

    public TtlRange {
        if (minSeconds < 1 || maxSeconds < minSeconds) {
            throw new IllegalArgumentException("TTL range must satisfy 1 <= MIN <= MAX seconds, got "
                    + minSeconds + "-" + maxSeconds);
        }
    }

    /**
     * Parses {@code MIN-MAX} or a single TTL; each a duration in whole seconds, {@code 60} or
     * {@code 1m} alike.
     */
    public static TtlRange parse(String text) {
        String trimmed = text.strip();
        int dash = trimmed.indexOf('-', 1);
        long min;
        long max;
        try {
            min = seconds(dash < 0 ? trimmed : trimmed.substring(0, dash));
            max = dash < 0 ? min : seconds(trimmed.substring(dash + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("TTL range must be MIN-MAX in whole seconds, e.g. 60-600 or 1m-10m,"
                    + " got '" + text + "'");
        }
        return new TtlRange(min, max);
    }

    private static long seconds(String text) {
        Duration duration = Quantity.duration(text, "s");
        if (duration.toNanosPart() != 0) {
            throw new IllegalArgumentException("not whole seconds");
        }
        return duration.toSeconds();
    }

    /** The TTL that one random word picks from the range, uniformly up to a negligible bias. */
    public long pick(long random) {
        return minSeconds + Long.remainderUnsigned(random, maxSeconds - minSeconds + 1);
    }

    @Override
    public String toString() {
        return minSeconds == maxSeconds ? minSeconds + " s" : minSeconds + "-" + maxSeconds + " s";
    }
}
