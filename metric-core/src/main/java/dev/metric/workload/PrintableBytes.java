package dev.metric.workload;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Fills byte ranges with random printable ASCII: the 64 symbols {@code '?'} (0x3F) to
 * {@code '~'} (0x7E).
 *
 * <p>64 symbols starting at 0x3F let one 64-bit random word become eight symbols with one AND
 * and one ADD and no carry between bytes ({@code (w & 0x3F..3F) + 0x3F..3F}), stored as one
 * long: about a nanosecond per eight bytes, far below the round trip the bytes feed. The range
 * holds no {@code ':'} (0x3A), so the separator that ends a key's index never occurs in filler.
 */
final class PrintableBytes {

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_SIX_BITS = 0x3F3F3F3F3F3F3F3FL;
    private static final long FIRST_SYMBOL = 0x3F3F3F3F3F3F3F3FL;

    private PrintableBytes() {
    }

    /**
     * Writes {@code dst[from..to)} from the SplitMix64 stream that starts at {@code state}.
     * The same state always gives the same bytes.
     */
    static void fill(byte[] dst, int from, int to, long state) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            state += SplitMix64.GOLDEN_GAMMA;
            LONGS.set(dst, i, symbols(SplitMix64.mix(state)));
        }
        if (i < to) {
            long last = symbols(SplitMix64.output(state));
            for (; i < to; i++) {
                dst[i] = (byte) last;
                last >>>= 8;
            }
        }
    }

    /**
     * Compares {@code actual[from..to)} with what {@link #fill} would write from {@code state},
     * eight bytes at a time and without writing anything.
     *
     * @return the offset of the first byte that differs, or -1 when all are equal
     */
    static int mismatch(byte[] actual, int from, int to, long state) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            state += SplitMix64.GOLDEN_GAMMA;
            long difference = symbols(SplitMix64.mix(state)) ^ (long) LONGS.get(actual, i);
            if (difference != 0) {
                return i + Long.numberOfTrailingZeros(difference) / Byte.SIZE;
            }
        }
        if (i < to) {
            long last = symbols(SplitMix64.output(state));
            for (; i < to; i++) {
                if (actual[i] != (byte) last) {
                    return i;
                }
                last >>>= 8;
            }
        }
        return -1;
    }

    private static long symbols(long random) {
        return (random & LOW_SIX_BITS) + FIRST_SYMBOL;
    }

    /** Whether every byte of {@code bytes[from..to)} is one of the 64 symbols {@link #fill} writes. */
    static boolean isFiller(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] < '?' || bytes[i] > '~') {
                return false;
            }
        }
        return true;
    }
}
