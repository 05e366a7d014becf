package dev.metric.workload;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.SplittableRandom;

/**
 * How operations spread over the key space. Uniform is the default and the worst case for a
 * cache (no key is hotter than another); the others model the skew real traffic has.
 *
 * <p>A distribution is a description; {@link #over} prepares it for a key count once (Zipfian
 * sums a series over every key) and then hands each worker thread its own {@link KeyChooser}.
 */
public sealed interface KeyDistribution {

    /** Prepares choosers over {@code keyCount} keys. */
    Choosers over(int keyCount);

    /** How the report and the JSON result name it, parameters included. */
    @JsonValue
    String describe();

    /** Hands out one chooser per worker; thread-safe. */
    @FunctionalInterface
    interface Choosers {
        /**
         * The chooser of worker {@code worker} of {@code workers}, drawing from {@code random},
         * which the worker owns.
         */
        KeyChooser forWorker(int worker, int workers, SplittableRandom random);
    }

    /** Every key equally likely. */
    record Uniform() implements KeyDistribution {
        @Override
        public Choosers over(int keyCount) {
            return (worker, workers, random) -> () -> random.nextInt(keyCount);
        }

        @Override
        public String describe() {
            return "uniform";
        }
    }

    /**
     * Key {@code k} (counted from 0) is chosen with probability proportional to
     * {@code 1 / (k + 1)^theta}, as in YCSB and memtier_benchmark; key 0 is the hottest. Below 1 drawn
     * by YCSB's method ({@link ZipfianTable}), from 1 on by memtier's ({@link ZipfRejection}).
     *
     * @param theta skew, strictly between 0 and {@value #MAX_THETA}; YCSB's default is 0.99, memtier's 1
     */
    record Zipfian(double theta) implements KeyDistribution {

        /** The largest skew memtier_benchmark takes, and this: beyond it nearly every draw is key 0. */
        public static final int MAX_THETA = 5;

        public Zipfian {
            if (!(theta > 0 && theta < MAX_THETA)) {
                throw new IllegalArgumentException("zipfian theta must be strictly between 0 and " + MAX_THETA
                        + ", got " + theta);
            }
        }

        @Override
        public Choosers over(int keyCount) {
            if (theta >= 1) {
                ZipfRejection sampler = new ZipfRejection(keyCount, theta);
                return (worker, workers, random) -> () -> sampler.rank(random::nextDouble);
            }
            ZipfianTable table = new ZipfianTable(keyCount, theta);
            return (worker, workers, random) -> () -> table.rank(random.nextDouble());
        }

        @Override
        public String describe() {
            return "zipfian, theta " + theta;
        }
    }

    /**
     * A fraction of the keys takes a fraction of the operations, uniformly within each part.
     *
     * @param hotKeyFraction share of the keys that are hot (the lowest indices), in (0, 1)
     * @param hotOpFraction  share of the operations that go to them, in [0, 1]
     */
    record Hotspot(double hotKeyFraction, double hotOpFraction) implements KeyDistribution {
        public Hotspot {
            if (!(hotKeyFraction > 0 && hotKeyFraction < 1)) {
                throw new IllegalArgumentException("hotspot key fraction must be strictly between 0 and 1, got "
                        + hotKeyFraction);
            }
            if (!(hotOpFraction >= 0 && hotOpFraction <= 1)) {
                throw new IllegalArgumentException("hotspot operation fraction must be 0..1, got " + hotOpFraction);
            }
        }

        @Override
        public Choosers over(int keyCount) {
            if (keyCount == 1) {
                return (worker, workers, random) -> () -> 0;
            }
            int hot = (int) Math.max(1, Math.min(keyCount - 1L, Math.round(hotKeyFraction * keyCount)));
            return (worker, workers, random) -> () -> random.nextDouble() < hotOpFraction
                    ? random.nextInt(hot)
                    : hot + random.nextInt(keyCount - hot);
        }

        @Override
        public String describe() {
            return String.format(java.util.Locale.ROOT, "hotspot, %.0f%% of operations on %.0f%% of keys",
                    100 * hotOpFraction, 100 * hotKeyFraction);
        }
    }

    /**
     * Keys drawn from a normal distribution over their indices, memtier_benchmark's {@code G} key
     * pattern: centred on {@code median} with a standard deviation of {@code stddev} keys, a draw
     * that falls outside the keys drawn again.
     *
     * @param median the index at the centre, or null for the middle of the keys (memtier's default)
     * @param stddev the standard deviation in keys, more than 0, or null for a sixth of the keys
     *               (memtier's default)
     */
    record Gaussian(Double median, Double stddev) implements KeyDistribution {
        public Gaussian {
            if (stddev != null && !(stddev > 0)) {
                throw new IllegalArgumentException("gaussian standard deviation must be more than 0 keys, got "
                        + stddev);
            }
            if (median != null && !(median >= 0)) {
                throw new IllegalArgumentException("gaussian median must be a key index of 0 or more, got " + median);
            }
        }

        @Override
        public Choosers over(int keyCount) {
            double centre = median != null ? median : (keyCount - 1) / 2.0;
            double spread = stddev != null ? stddev : keyCount / 6.0;
            if (centre > keyCount - 1) {
                throw new IllegalArgumentException("gaussian median " + centre + " is past the last key, "
                        + (keyCount - 1));
            }
            return (worker, workers, random) -> () -> {
                while (true) {
                    long index = Math.round(centre + spread * random.nextGaussian());
                    if (index >= 0 && index < keyCount) {
                        return (int) index;
                    }
                }
            };
        }

        @Override
        public String describe() {
            return "gaussian, median " + (median == null ? "the middle key" : "key " + number(median))
                    + ", standard deviation " + (stddev == null ? "a sixth of the keys" : number(stddev) + " keys");
        }

        private static String number(double value) {
            return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
        }
    }

    /**
     * Each worker walks its own share of the keys in order, wrapping around within it: the key space
     * cut into as many contiguous parts as there are workers, memtier_benchmark's {@code P} key
     * pattern. A worker whose part is empty (more workers than keys) uses the key it starts at.
     */
    record Parallel() implements KeyDistribution {

        /**
         * The first key of worker {@code worker}'s part of {@code keyCount} keys cut into {@code workers}
         * contiguous parts; the part ends where the next worker's starts ({@code worker + 1}).
         */
        public static int partStart(int worker, int workers, int keyCount) {
            return (int) ((long) keyCount * worker / workers);
        }

        @Override
        public Choosers over(int keyCount) {
            return (worker, workers, random) -> {
                int first = partStart(worker, workers, keyCount);
                int end = Math.max(first + 1, partStart(worker + 1, workers, keyCount));
                return new KeyChooser() {
                    private int next = first;

                    @Override
                    public int next() {
                        int index = next;
                        next = next + 1 == end ? first : next + 1;
                        return index % keyCount;
                    }
                };
            };
        }

        @Override
        public String describe() {
            return "parallel";
        }
    }

    /** Each worker walks the key space in order from its own starting point, wrapping around. */
    record Sequential() implements KeyDistribution {
        @Override
        public Choosers over(int keyCount) {
            return (worker, workers, random) -> new KeyChooser() {
                private int next = Parallel.partStart(worker, workers, keyCount);

                @Override
                public int next() {
                    int index = next;
                    next = next + 1 == keyCount ? 0 : next + 1;
                    return index;
                }
            };
        }

        @Override
        public String describe() {
            return "sequential";
        }
    }
}
