package dev.metric.workload;

/**
 * Values that name the key and the write they belong to, so that a read in a mixed workload can
 * be checked without remembering what was written: many threads overwrite keys with fresh
 * values, so "the value written last" is not known anywhere, but every intact value proves
 * itself.
 *
 * <p>A value is {@code '='}, the key index in base 36, {@code '.'}, the write's version in base
 * 36, {@code '.'}, then printable filler up to a length drawn from the value sizes. Length and
 * filler are pure functions of (seed, key index, version). A read is intact when its header
 * parses, names the key that was read, and the rest is exactly what that header regenerates:
 * a truncated value, a flipped byte, another key's value or foreign bytes each fail. The header
 * bytes {@code '='}, {@code '.'} and digits lie outside the filler's alphabet except for the
 * letters, and fields end at {@code '.'}, which filler never holds, so parsing cannot be fooled.
 */
public final class VersionedValues {

    private static final byte START = '=';
    private static final byte FIELD_END = '.';
    private static final int MAX_INDEX_DIGITS = Base36.MAX_INT_DIGITS;
    private static final int MAX_VERSION_DIGITS = Base36.MAX_LONG_DIGITS;
    /** The longest header: both fields at their widest. */
    public static final int MAX_HEADER_BYTES = 3 + MAX_INDEX_DIGITS + MAX_VERSION_DIGITS;

    private static final long LENGTH_SALT = 0x76325F6C656E6774L;
    private static final long FILL_SALT = 0x76325F66696C6C73L;
    private static final long TTL_SALT = 0x76325F74746C7300L;

    private final DataSet dataSet;

    public VersionedValues(DataSet dataSet) {
        if (!fitIn(dataSet.valueSizes())) {
            throw new IllegalArgumentException("versioned values need at least " + MAX_HEADER_BYTES
                    + " bytes for their header, got " + dataSet.valueSizes());
        }
        this.dataSet = dataSet;
    }

    /** Whether every value drawn from {@code valueSizes} has room for the header naming its key and version. */
    public static boolean fitIn(SizeDistribution valueSizes) {
        return valueSizes.minBytes() >= MAX_HEADER_BYTES;
    }

    public DataSet dataSet() {
        return dataSet;
    }

    /** Length of the value of key {@code index} at {@code version}. */
    public int length(int index, long version) {
        return dataSet.valueSizes().pick(SplitMix64.mix(dataSet.base(index) ^ SplitMix64.mix(version ^ LENGTH_SALT)));
    }

    /**
     * A new array holding the value of key {@code index} at {@code version}.
     *
     * @param version any number 0 or above; writes that should be told apart use different ones
     */
    public byte[] value(int index, long version) {
        if (version < 0) {
            throw new IllegalArgumentException("version must be >= 0, got " + version);
        }
        byte[] value = new byte[length(index, version)];
        int at = 0;
        value[at++] = START;
        at = Base36.write(value, at, index);
        value[at++] = FIELD_END;
        at = Base36.write(value, at, version);
        value[at++] = FIELD_END;
        PrintableBytes.fill(value, at, value.length, fillState(index, version));
        return value;
    }

    /**
     * The TTL of the write of key {@code index} at {@code version}: a pure function of them, so
     * that whoever reads the value back knows the TTL it was written with.
     */
    public long ttlSeconds(int index, long version, TtlRange range) {
        return range.pick(SplitMix64.mix(dataSet.base(index) ^ SplitMix64.mix(version ^ TTL_SALT)));
    }

    /** The version a value's header names; the value must be one {@link #check} found intact. */
    public long versionOf(byte[] intact) {
        return versionOf(intact, intact.length);
    }

    /** As {@link #versionOf(byte[])}, for a value that is the first {@code length} bytes of {@code intact}. */
    public long versionOf(byte[] intact, int length) {
        Header header = Header.parse(intact, length);
        if (header == null) {
            throw new IllegalArgumentException("not a versioned value");
        }
        return header.version;
    }

    /** Checks a value read from key {@code index}; null means the key was missing. */
    public Verdict check(int index, byte[] actual) {
        return check(index, actual, actual == null ? -1 : actual.length);
    }

    /**
     * As {@link #check(int, byte[])}, for a value that is the first {@code length} bytes of
     * {@code actual} (a buffer a binding read it into); a null {@code actual} means the key was missing.
     */
    public Verdict check(int index, byte[] actual, int length) {
        if (actual == null) {
            return Verdict.MISSING;
        }
        Header header = Header.parse(actual, length);
        if (header == null) {
            return Verdict.MALFORMED;
        }
        if (header.index != index) {
            return header.index < dataSet.keyCount() ? Verdict.OTHER_KEY : Verdict.MALFORMED;
        }
        int expected = length(index, header.version);
        int compared = Math.min(expected, length);
        int mismatch = PrintableBytes.mismatch(actual, header.bytes, compared, fillState(index, header.version));
        if (mismatch < 0) {
            return length == expected ? Verdict.MATCH : Verdict.WRONG_LENGTH;
        }
        return length == expected ? Verdict.WRONG_BYTES : Verdict.WRONG_LENGTH;
    }

    /**
     * For a value {@link #check} found wrong: the length its header promises, or -1 when the
     * header does not parse or names another key.
     */
    public int expectedLength(int index, byte[] actual) {
        Header header = actual == null ? null : Header.parse(actual);
        return header == null || header.index != index ? -1 : length(index, header.version);
    }

    /** For a value {@link #check} found wrong: the offset of the first wrong byte, or -1. */
    public int firstDifference(int index, byte[] actual) {
        Header header = actual == null ? null : Header.parse(actual);
        if (header == null || header.index != index) {
            return -1;
        }
        int length = length(index, header.version);
        int compared = Math.min(length, actual.length);
        int mismatch = PrintableBytes.mismatch(actual, header.bytes, compared, fillState(index, header.version));
        return mismatch >= 0 ? mismatch : compared;
    }

    private long fillState(int index, long version) {
        return SplitMix64.mix(dataSet.base(index) ^ SplitMix64.mix(version ^ FILL_SALT));
    }

    /** The parsed header of a value: key index, version, and how many bytes it took. */
    record Header(int index, long version, int bytes) {

        /** Null when {@code value} does not start with a well-formed header. */
        static Header parse(byte[] value) {
            return parse(value, value.length);
        }

        /** As {@link #parse(byte[])}, for a value that is the first {@code length} bytes of {@code value}. */
        static Header parse(byte[] value, int length) {
            if (length <= 0 || value[0] != START) {
                return null;
            }
            int indexEnd = Base36.fieldEnd(value, length, 1, MAX_INDEX_DIGITS, FIELD_END);
            if (indexEnd < 0) {
                return null;
            }
            int versionEnd = Base36.fieldEnd(value, length, indexEnd + 1, MAX_VERSION_DIGITS, FIELD_END);
            if (versionEnd < 0) {
                return null;
            }
            long index = Base36.parse(value, 1, indexEnd);
            long version = Base36.parse(value, indexEnd + 1, versionEnd);
            if (index < 0 || index > Integer.MAX_VALUE || version < 0) {
                return null;
            }
            return new Header((int) index, version, versionEnd + 1);
        }
    }
}
