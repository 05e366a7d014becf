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
     * {@code 1 / (k + 1)^theta}, as in YCSB; key 0 is the hottest.
     *
     * @param theta skew, strictly between 0 and 1; YCSB's default is 0.99
     */
    record Zipfian(double theta) implements KeyDistribution {
        public Zipfian {
            if (!(theta > 0 && theta < 1)) {
                throw new IllegalArgumentException("zipfian theta must be strictly between 0 and 1, got " + theta);
            }
        }

        @Override
        public Choosers over(int keyCount) {
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

    /** Each worker walks the key space in order from its own starting point, wrapping around. */
    record Sequential() implements KeyDistribution {
        @Override
        public Choosers over(int keyCount) {
            return (worker, workers, random) -> new KeyChooser() {
                private int next = (int) ((long) keyCount * worker / workers);

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
