package dev.metric.workload;

/**
 * An inclusive range of lengths in bytes, from which lengths are drawn uniformly.
 *
 * @param minBytes shortest length
 * @param maxBytes longest length
 */
public record SizeRange(int minBytes, int maxBytes) {

    public SizeRange {
        if (minBytes < 1 || maxBytes < minBytes) {
            throw new IllegalArgumentException(
                    "size range must satisfy 1 <= min <= max, got " + minBytes + "-" + maxBytes);
        }
    }

    /** The length that the random word {@code random} selects. */
    int pick(long random) {
        return minBytes + SplitMix64.below(random, maxBytes - minBytes + 1);
    }

    /** Mean length, which is what throughput in bytes is estimated from. */
    public double meanBytes() {
        return (minBytes + maxBytes) / 2.0;
    }

    @Override
    public String toString() {
        return minBytes + "-" + maxBytes + " B";
    }
}
