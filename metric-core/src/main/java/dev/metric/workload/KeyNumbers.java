package dev.metric.workload;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;

/**
 * memtier_benchmark's key names, which a data set takes in place of metric's so that a command
 * line written for memtier (and the suites of redis-benchmarks-specification) works on the keys it
 * names: the prefix, then a whole number in decimal, {@code first} for key index 0 and one more for
 * each index after it, so that memtier's {@code --key-minimum 1 --key-maximum 100000} are the
 * 100,000 keys {@code memtier-1} to {@code memtier-100000}. Such names say nothing of who wrote
 * them, so keys named so are never taken as provably metric's.
 *
 * @param first the number of key index 0: memtier's {@code --key-minimum}
 */
public record KeyNumbers(long first) {

    /** memtier_benchmark's largest key number here: far beyond the keys a run can have, far below overflow. */
    public static final long MAX_NUMBER = 1_000_000_000_000_000L;

    /** @throws IllegalArgumentException for a first number below 0 or above {@link #MAX_NUMBER} */
    public KeyNumbers {
        if (first < 0 || first > MAX_NUMBER) {
            throw SettingException.of(Setting.KEY_MINIMUM, ": must be 0 to " + MAX_NUMBER + ", got " + first);
        }
    }

    /** The number in the name of key {@code index}. */
    public long number(int index) {
        return first + index;
    }

    /** Decimal digits of {@code number}. */
    static int digits(long number) {
        int digits = 1;
        for (long rest = number / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /** The lengths of the names of {@code keys} keys under a prefix of {@code prefixBytes}: fewest digits to most. */
    SizeDistribution sizes(int prefixBytes, int keys) {
        return SizeDistribution.range(prefixBytes + digits(first), prefixBytes + digits(number(keys - 1)));
    }

    @Override
    public String toString() {
        return "numbered from " + first;
    }
}
