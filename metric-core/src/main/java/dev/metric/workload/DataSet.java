package dev.metric.workload;

import java.nio.charset.StandardCharsets;

/**
 * The key/value pairs of one benchmark run, each a pure function of (seed, key index).
 *
 * <p>The original tool kept every pair in the heap to verify reads (3M pairs needed 9 GB);
 * here a value is regenerated whenever it is needed, so memory does not grow with the number of
 * keys. A key is {@value #KEY_PREFIX}, the index in base 36, {@code ':'} and random printable
 * filler up to its drawn length: the prefix tells the tool's keys from a user's, and the index
 * followed by a separator the filler never contains makes every key unique. A value is
 * {@code '='}, the index in base 36, {@code '.'} and filler: the header names the key a value
 * belongs to, so a value returned for the wrong key is recognised as another key's, not only as
 * wrong bytes.
 */
public final class DataSet {

    /** Every key this tool writes starts with these bytes. */
    public static final String KEY_PREFIX = "metric:";

    /** Key lengths of the original tool: 20 to 200 bytes. */
    public static final SizeDistribution STANDARD_KEY_SIZES = SizeDistribution.range(20, 200);

    /** Value lengths of the original tool: 200 to 2000 bytes. */
    public static final SizeDistribution STANDARD_VALUE_SIZES = SizeDistribution.range(200, 2000);

    /** The longest key a run may write. */
    public static final long MAX_KEY_BYTES = 1L << 20;

    /** The longest value a run may write: far above the 8 MB users ask for, far below Redis's 512 MB bulk limit. */
    public static final long MAX_VALUE_BYTES = 64L << 20;

    private static final byte[] PREFIX_BYTES = KEY_PREFIX.getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_INDEX_DIGITS = Base36.MAX_INT_DIGITS;
    private static final int MIN_KEY_BYTES = PREFIX_BYTES.length + MAX_INDEX_DIGITS + 1;
    private static final byte VALUE_START = '=';
    private static final byte VALUE_INDEX_END = '.';
    /** The longest value header: the widest index between its two marks. */
    private static final int MAX_VALUE_HEADER_BYTES = MAX_INDEX_DIGITS + 2;

    private static final long KEY_LENGTH_SALT = 0x6B65795F6C656EL;
    private static final long KEY_FILL_SALT = 0x6B65795F66696CL;
    private static final long VALUE_LENGTH_SALT = 0x76616C5F6C656EL;
    private static final long VALUE_FILL_SALT = 0x76616C5F66696CL;

    private final long seed;
    private final int keyCount;
    private final SizeDistribution keySizes;
    private final SizeDistribution valueSizes;

    public DataSet(long seed, int keyCount, SizeDistribution keySizes, SizeDistribution valueSizes) {
        if (keyCount < 1) {
            throw new IllegalArgumentException("key count must be at least 1, got " + keyCount);
        }
        checkSizes(keySizes, valueSizes);
        this.seed = seed;
        this.keyCount = keyCount;
        this.keySizes = keySizes;
        this.valueSizes = valueSizes;
    }

    /**
     * Refuses lengths a data set cannot have: keys too short for the prefix and a unique index,
     * values too short for the header naming their key, or either beyond its limit.
     *
     * @throws IllegalArgumentException with a one-line reason naming the option
     */
    public static void checkSizes(SizeDistribution keySizes, SizeDistribution valueSizes) {
        if (keySizes.minBytes() < MIN_KEY_BYTES || keySizes.maxBytes() > MAX_KEY_BYTES) {
            throw new IllegalArgumentException("--key-size: keys must be " + MIN_KEY_BYTES + " bytes (to hold the "
                    + "prefix and a unique index) to " + MAX_KEY_BYTES + " bytes, got " + keySizes);
        }
        if (valueSizes.minBytes() < MAX_VALUE_HEADER_BYTES || valueSizes.maxBytes() > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("--value-size: values must be " + MAX_VALUE_HEADER_BYTES + " bytes (to "
                    + "hold the index of their key) to " + MAX_VALUE_BYTES + " bytes, got " + valueSizes);
        }
    }

    /** The data set of the original tool: keys of 20-200 bytes, values of 200-2000. */
    public static DataSet standard(long seed, int keyCount) {
        return new DataSet(seed, keyCount, STANDARD_KEY_SIZES, STANDARD_VALUE_SIZES);
    }

    public long seed() {
        return seed;
    }

    public int keyCount() {
        return keyCount;
    }

    public SizeDistribution keySizes() {
        return keySizes;
    }

    public SizeDistribution valueSizes() {
        return valueSizes;
    }

    public int keyLength(int index) {
        return keySizes.pick(SplitMix64.mix(base(index) ^ KEY_LENGTH_SALT));
    }

    public int valueLength(int index) {
        return valueSizes.pick(SplitMix64.mix(base(index) ^ VALUE_LENGTH_SALT));
    }

    /** A new array holding the key at {@code index}, as client libraries take keys. */
    public byte[] key(int index) {
        byte[] key = new byte[keyLength(index)];
        writeKey(index, key);
        return key;
    }

    /** A new array holding the value at {@code index}. */
    public byte[] value(int index) {
        checkIndex(index);
        byte[] value = new byte[valueLength(index)];
        value[0] = VALUE_START;
        int headerEnd = Base36.write(value, 1, index);
        value[headerEnd] = VALUE_INDEX_END;
        PrintableBytes.fill(value, headerEnd + 1, value.length, valueState(index));
        return value;
    }

    /**
     * The key index a value's header names, whether or not the rest of it is intact; -1 when it
     * has no header naming an index of this data set.
     */
    public int valueOwner(byte[] actual) {
        if (actual.length == 0 || actual[0] != VALUE_START) {
            return -1;
        }
        int end = Base36.fieldEnd(actual, 1, MAX_INDEX_DIGITS, VALUE_INDEX_END);
        long index = end < 0 ? -1 : Base36.parse(actual, 1, end);
        return index >= 0 && index < keyCount ? (int) index : -1;
    }

    /**
     * Compares the first {@code length} bytes of {@code actual} with the value at {@code index},
     * regenerating it on the fly instead of materialising it.
     *
     * @return offset of the first differing byte, or -1 when they are equal
     */
    int valueMismatch(int index, byte[] actual, int length) {
        if (length > 0 && actual[0] != VALUE_START) {
            return 0;
        }
        int headerEnd = 1 + Base36.digits(index);
        int first = -1;
        int rest = index;
        for (int at = headerEnd - 1; at >= 1; at--, rest /= Base36.RADIX) {
            if (at < length && actual[at] != (byte) Character.forDigit(rest % Base36.RADIX, Base36.RADIX)) {
                first = at;
            }
        }
        if (first >= 0) {
            return first;
        }
        if (headerEnd < length && actual[headerEnd] != VALUE_INDEX_END) {
            return headerEnd;
        }
        return length <= headerEnd + 1 ? -1 : PrintableBytes.mismatch(actual, headerEnd + 1, length, valueState(index));
    }

    private long valueState(int index) {
        return SplitMix64.mix(base(index) ^ VALUE_FILL_SALT);
    }

    private void writeKey(int index, byte[] dst) {
        checkIndex(index);
        System.arraycopy(PREFIX_BYTES, 0, dst, 0, PREFIX_BYTES.length);
        int separator = Base36.write(dst, PREFIX_BYTES.length, index);
        dst[separator] = ':';
        PrintableBytes.fill(dst, separator + 1, dst.length, SplitMix64.mix(base(index) ^ KEY_FILL_SALT));
    }

    /** Bytes of every key and value together: what a full load writes. */
    public long totalBytes() {
        long total = 0;
        for (int i = 0; i < keyCount; i++) {
            total += keyLength(i) + valueLength(i);
        }
        return total;
    }

    long base(int index) {
        return SplitMix64.mix(seed + SplitMix64.GOLDEN_GAMMA * (index + 1L));
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= keyCount) {
            throw new IndexOutOfBoundsException("key index " + index + " outside 0.." + (keyCount - 1));
        }
    }

    @Override
    public String toString() {
        return keyCount + " keys of " + keySizes + ", values of " + valueSizes + ", seed " + seed;
    }
}
