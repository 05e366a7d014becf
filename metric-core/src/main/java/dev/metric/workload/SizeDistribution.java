package dev.metric.workload;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.metric.units.Quantity;
import java.util.ArrayList;
import java.util.List;

/**
 * How long keys or values are: one inclusive range drawn uniformly ({@code 200-2000}), or
 * weighted sizes and ranges ({@code 100:60,10k:30,1m:10}, {@code 1k-4k:90,1m-4m:10}), so that a
 * run can have the mix of small and large values a user's data has. Sizes take units: {@code k}
 * is 1024 bytes and {@code m} 1024 k.
 *
 * @param buckets each a range and its weight; one bucket of weight 1 for a plain range
 */
public record SizeDistribution(List<Bucket> buckets) {

    private static final long KIB = 1024;
    private static final long MIB = KIB * KIB;

    /**
     * One range of lengths and how often it is drawn relative to the others.
     *
     * @param minBytes shortest length
     * @param maxBytes longest length
     * @param weight   relative frequency, at least 1
     */
    public record Bucket(int minBytes, int maxBytes, long weight) {
        public Bucket {
            if (minBytes < 1 || maxBytes < minBytes) {
                throw new IllegalArgumentException("a size range must satisfy 1 <= MIN <= MAX, got "
                        + minBytes + "-" + maxBytes);
            }
            if (weight < 1) {
                throw new IllegalArgumentException("a size's weight must be at least 1, got " + weight);
            }
        }
    }

    public SizeDistribution {
        if (buckets.isEmpty()) {
            throw new IllegalArgumentException("a size distribution needs at least one size");
        }
        buckets = List.copyOf(buckets);
    }

    /** Lengths drawn uniformly from {@code minBytes} to {@code maxBytes}. */
    public static SizeDistribution range(int minBytes, int maxBytes) {
        return new SizeDistribution(List.of(new Bucket(minBytes, maxBytes, 1)));
    }

    /**
     * Parses {@code MIN-MAX}, a single size, or a list of {@code SIZE:WEIGHT} and
     * {@code MIN-MAX:WEIGHT} separated by commas; sizes may end in {@code k} or {@code m}.
     *
     * @param option   the option's name, for the message
     * @param maxBytes the longest length allowed
     * @throws IllegalArgumentException with a one-line reason
     */
    public static SizeDistribution parse(String option, String text, long maxBytes) {
        List<Bucket> buckets = new ArrayList<>();
        String[] items = text.strip().split(",", -1);
        for (String item : items) {
            String trimmed = item.strip();
            int colon = trimmed.indexOf(':');
            if (colon < 0 && items.length > 1) {
                throw new IllegalArgumentException(option + ": each size of a list needs a weight, as in "
                        + "100:60,10k:30,1m:10; got '" + trimmed + "'");
            }
            String sizes = colon < 0 ? trimmed : trimmed.substring(0, colon).strip();
            long weight = colon < 0 ? 1 : weight(option, trimmed.substring(colon + 1).strip());
            int dash = sizes.indexOf('-', 1);
            long min = bytes(option, dash < 0 ? sizes : sizes.substring(0, dash), maxBytes);
            long max = dash < 0 ? min : bytes(option, sizes.substring(dash + 1), maxBytes);
            if (max < min) {
                throw new IllegalArgumentException(option + ": MIN-MAX needs MIN <= MAX, got '" + sizes + "'");
            }
            buckets.add(new Bucket((int) min, (int) max, weight));
        }
        return new SizeDistribution(buckets);
    }

    private static long weight(String option, String text) {
        try {
            long weight = Long.parseLong(text);
            if (weight >= 1) {
                return weight;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + ": a weight must be a whole number of at least 1, got '"
                + text + "'");
    }

    private static long bytes(String option, String text, long maxBytes) {
        long bytes;
        try {
            bytes = Quantity.bytes(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
        if (bytes < 1 || bytes > maxBytes) {
            throw new IllegalArgumentException(option + ": sizes must be 1 to " + describe(maxBytes) + ", got '"
                    + text.strip() + "'");
        }
        return bytes;
    }

    /** The shortest length any draw can give. */
    public int minBytes() {
        return buckets.stream().mapToInt(Bucket::minBytes).min().orElseThrow();
    }

    /** The longest length any draw can give. */
    public int maxBytes() {
        return buckets.stream().mapToInt(Bucket::maxBytes).max().orElseThrow();
    }

    /** Mean length, weighted. */
    public double meanBytes() {
        double total = 0;
        long weights = 0;
        for (Bucket bucket : buckets) {
            total += bucket.weight() * (bucket.minBytes() + bucket.maxBytes()) / 2.0;
            weights += bucket.weight();
        }
        return total / weights;
    }

    /** The length that the random word {@code random} selects: a bucket by weight, then uniformly within it. */
    int pick(long random) {
        Bucket bucket = buckets.get(0);
        if (buckets.size() > 1) {
            long weights = buckets.stream().mapToLong(Bucket::weight).sum();
            long draw = Long.remainderUnsigned(random, weights);
            for (Bucket candidate : buckets) {
                if (draw < candidate.weight()) {
                    bucket = candidate;
                    break;
                }
                draw -= candidate.weight();
            }
            random = SplitMix64.mix(random);
        }
        return bucket.minBytes() + SplitMix64.below(random, bucket.maxBytes() - bucket.minBytes() + 1);
    }

    /** {@code 20-200 B} for a plain range, else the list as it is given on the command line. */
    @JsonValue
    @Override
    public String toString() {
        if (buckets.size() == 1 && buckets.get(0).weight() == 1) {
            Bucket only = buckets.get(0);
            return only.minBytes() == only.maxBytes() ? describe(only.minBytes()) + " B"
                    : describe(only.minBytes()) + "-" + describe(only.maxBytes()) + " B";
        }
        List<String> items = new ArrayList<>();
        for (Bucket bucket : buckets) {
            String sizes = bucket.minBytes() == bucket.maxBytes() ? describe(bucket.minBytes())
                    : describe(bucket.minBytes()) + "-" + describe(bucket.maxBytes());
            items.add(sizes + ":" + bucket.weight());
        }
        return String.join(",", items) + " B";
    }

    /** A byte count in the units it can be given in: {@code 4m}, {@code 10k}, or plain bytes. */
    private static String describe(long bytes) {
        if (bytes % MIB == 0) {
            return bytes / MIB + "m";
        }
        return bytes % KIB == 0 ? bytes / KIB + "k" : Long.toString(bytes);
    }
}
