package dev.metric.workload;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The key/value pairs of one benchmark run, each a pure function of (seed, key index).
 *
 * <p>The original tool kept every pair in the heap to verify reads (3M pairs needed 9 GB);
 * here a value is regenerated whenever it is needed, so memory does not grow with the number of
 * keys. A key is the {@linkplain DataSpec#keyPrefix() prefix}, the index in base 36, {@code ':'}
 * and random printable filler up to its drawn length: the prefix tells the run's keys from a
 * user's, and the index followed by a separator the filler never contains makes every key
 * unique. A value is {@code '='}, the index in base 36, {@code '.'} and filler: the header names
 * the key a value belongs to, so a value returned for the wrong key is recognised as another
 * key's, not only as wrong bytes.
 *
 * <p>With memtier_benchmark's names ({@link DataSpec#keyNumbers()}) a key is the prefix and its number
 * in decimal, exactly, and a value is filler alone, still a function of (seed, key index), so that it
 * can be checked byte for byte but not told another key's.
 */
public final class DataSet {

    private static final byte VALUE_START = '=';
    private static final byte VALUE_INDEX_END = '.';

    private static final long KEY_LENGTH_SALT = 0x6B65795F6C656EL;
    private static final long KEY_FILL_SALT = 0x6B65795F66696CL;
    private static final long VALUE_LENGTH_SALT = 0x76616C5F6C656EL;
    private static final long VALUE_FILL_SALT = 0x76616C5F66696CL;

    private final DataSpec spec;
    /** The key prefix as bytes, encoded once rather than for every key. */
    private final byte[] prefix;

    public DataSet(DataSpec spec) {
        this.spec = spec;
        this.prefix = spec.keyPrefix().getBytes(StandardCharsets.UTF_8);
    }

    /** The data set of the original tool: keys of 20-200 bytes under {@code metric:}, values of 200-2000. */
    public static DataSet standard(long seed, int keyCount) {
        return new DataSet(DataSpec.standard(keyCount, seed));
    }

    /** What this data set was made from. */
    public DataSpec spec() {
        return spec;
    }

    public long seed() {
        return spec.seed();
    }

    public int keyCount() {
        return spec.keys();
    }

    public SizeDistribution keySizes() {
        return spec.keySizes();
    }

    public SizeDistribution valueSizes() {
        return spec.valueSizes();
    }

    public int keyLength(int index) {
        if (spec.numbered()) {
            return prefix.length + KeyNumbers.digits(spec.keyNumbers().number(index));
        }
        return spec.keySizes().pick(SplitMix64.mix(base(index) ^ KEY_LENGTH_SALT));
    }

    public int valueLength(int index) {
        return spec.valueSizes().pick(SplitMix64.mix(base(index) ^ VALUE_LENGTH_SALT));
    }

    /** A new array holding the key at {@code index}, as client libraries take keys. */
    public byte[] key(int index) {
        byte[] key = new byte[keyLength(index)];
        writeKey(index, key);
        return key;
    }

    /**
     * Whether {@code key} has the shape of this data set's keys: the prefix, an index in base 36
     * (lowercase, no leading zero, below 2^31), {@code ':'}, filler of {@link PrintableBytes}' 64
     * symbols only, and a length its key sizes allow. Keys of another seed or key count under the
     * same prefix and sizes have it too: it tells metric's keys from others', not one run's from
     * another's. memtier_benchmark's numbered names are never metric's shape: any tool writes them.
     */
    public boolean hasKeyShape(byte[] key) {
        if (spec.numbered()) {
            return false;
        }
        if (key.length < spec.keySizes().minBytes() || key.length > spec.keySizes().maxBytes()
                || key.length <= prefix.length || !Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
            return false;
        }
        int separator = Base36.fieldEnd(key, prefix.length, Base36.MAX_INT_DIGITS, (byte) ':');
        if (separator < 0 || key[prefix.length] == '0' && separator > prefix.length + 1) {
            return false;
        }
        long index = Base36.parse(key, prefix.length, separator);
        return index >= 0 && index <= Integer.MAX_VALUE && PrintableBytes.isFiller(key, separator + 1, key.length);
    }

    /** A new array holding the value at {@code index}. */
    public byte[] value(int index) {
        checkIndex(index);
        byte[] value = new byte[valueLength(index)];
        if (spec.numbered()) {
            PrintableBytes.fill(value, 0, value.length, valueState(index));
            return value;
        }
        value[0] = VALUE_START;
        int headerEnd = Base36.write(value, 1, index);
        value[headerEnd] = VALUE_INDEX_END;
        PrintableBytes.fill(value, headerEnd + 1, value.length, valueState(index));
        return value;
    }

    /**
     * The key index a value's header names, whether or not the rest of it is intact; -1 when it
     * has no header naming an index of this data set, as with memtier_benchmark's names.
     */
    public int valueOwner(byte[] actual) {
        if (spec.numbered() || actual.length == 0 || actual[0] != VALUE_START) {
            return -1;
        }
        int end = Base36.fieldEnd(actual, 1, Base36.MAX_INT_DIGITS, VALUE_INDEX_END);
        long index = end < 0 ? -1 : Base36.parse(actual, 1, end);
        return index >= 0 && index < spec.keys() ? (int) index : -1;
    }

    /**
     * Compares the first {@code length} bytes of {@code actual} with the value at {@code index},
     * regenerating it on the fly instead of materialising it.
     *
     * @return offset of the first differing byte, or -1 when they are equal
     */
    int valueMismatch(int index, byte[] actual, int length) {
        if (spec.numbered()) {
            return PrintableBytes.mismatch(actual, 0, length, valueState(index));
        }
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
        System.arraycopy(prefix, 0, dst, 0, prefix.length);
        if (spec.numbered()) {
            byte[] number = Long.toString(spec.keyNumbers().number(index)).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(number, 0, dst, prefix.length, number.length);
            return;
        }
        int separator = Base36.write(dst, prefix.length, index);
        dst[separator] = ':';
        PrintableBytes.fill(dst, separator + 1, dst.length, SplitMix64.mix(base(index) ^ KEY_FILL_SALT));
    }

    /**
     * Bytes of every key and value together: what a full load writes. For hashes, lists and
     * sorted sets, every element of the first version and a hash's field names.
     */
    public long totalBytes() {
        Structures structures = spec.structured() ? new Structures(this) : null;
        long total = 0;
        for (int i = 0; i < spec.keys(); i++) {
            total += keyLength(i) + (structures == null ? valueLength(i) : structures.bytes(i, 0));
        }
        return total;
    }

    long base(int index) {
        return SplitMix64.mix(spec.seed() + SplitMix64.GOLDEN_GAMMA * (index + 1L));
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= spec.keys()) {
            throw new IndexOutOfBoundsException("key index " + index + " outside 0.." + (spec.keys() - 1));
        }
    }

    @Override
    public String toString() {
        return spec.toString();
    }
}
