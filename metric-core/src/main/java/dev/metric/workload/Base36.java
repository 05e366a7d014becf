package dev.metric.workload;

/**
 * The base-36 numbers in keys and value headers: written into byte arrays without allocating,
 * and read back strictly (lowercase digits only, no overflow), so that a damaged header is never
 * taken for another number.
 */
final class Base36 {

    static final int RADIX = 36;
    /** Digits of the largest key index. */
    static final int MAX_INT_DIGITS = Integer.toString(Integer.MAX_VALUE, RADIX).length();
    /** Digits of the largest version. */
    static final int MAX_LONG_DIGITS = Long.toString(Long.MAX_VALUE, RADIX).length();

    private Base36() {
    }

    /** Digits of {@code number}, 0 or above. */
    static int digits(long number) {
        int digits = 1;
        for (long rest = number / RADIX; rest > 0; rest /= RADIX) {
            digits++;
        }
        return digits;
    }

    /** Writes {@code number}, 0 or above, from {@code at}; returns the offset after its last digit. */
    static int write(byte[] dst, int at, long number) {
        int end = at + digits(number);
        long rest = number;
        for (int i = end - 1; i >= at; i--) {
            dst[i] = (byte) Character.forDigit((int) (rest % RADIX), RADIX);
            rest /= RADIX;
        }
        return end;
    }

    /**
     * Offset of the {@code end} byte closing a field of 1 to {@code maxDigits} bytes that starts
     * at {@code from}, or -1.
     */
    static int fieldEnd(byte[] value, int from, int maxDigits, byte end) {
        return fieldEnd(value, value.length, from, maxDigits, end);
    }

    /** As {@link #fieldEnd(byte[], int, int, byte)}, within the first {@code length} bytes of {@code value}. */
    static int fieldEnd(byte[] value, int length, int from, int maxDigits, byte end) {
        int limit = Math.min(length, from + maxDigits + 1);
        for (int i = from; i < limit; i++) {
            if (value[i] == end) {
                return i > from ? i : -1;
            }
        }
        return -1;
    }

    /** The number in {@code value[from..to)}, or -1 when a byte is not a lowercase digit or it overflows. */
    static long parse(byte[] value, int from, int to) {
        long number = 0;
        for (int i = from; i < to; i++) {
            int digit = Character.digit(value[i], RADIX);
            if (digit < 0 || Character.isUpperCase(value[i])) {
                return -1;
            }
            if (number > (Long.MAX_VALUE - digit) / RADIX) {
                return -1;
            }
            number = number * RADIX + digit;
        }
        return number;
    }
}
