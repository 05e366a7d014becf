package dev.metric.workload;

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

    /** Parses {@code MIN-MAX} or a single number of seconds. */
    public static TtlRange parse(String text) {
        String trimmed = text.strip();
        int dash = trimmed.indexOf('-', 1);
        try {
            if (dash < 0) {
                long seconds = Long.parseLong(trimmed);
                return new TtlRange(seconds, seconds);
            }
            return new TtlRange(Long.parseLong(trimmed.substring(0, dash).strip()),
                    Long.parseLong(trimmed.substring(dash + 1).strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("TTL range must be MIN-MAX in whole seconds, e.g. 60-600, got '"
                    + text + "'");
        }
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
