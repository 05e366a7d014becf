package dev.metric.workload;

/**
 * Values for the writes of a replayed trace, so that every read of a key the replay wrote can be
 * checked byte for byte without keeping what was written: the trace names its keys as text, not
 * as indexes of a data set, so a value names its key by a 63-bit hash of the key's bytes
 * ({@link #keyId}), the write that made it by a version, and its own length, which the trace chose.
 *
 * <p>A value is {@code '+'}, the key's id in base 36, {@code '.'}, the version in base 36,
 * {@code '.'}, the length in base 36, {@code '.'}, then printable filler, a pure function of
 * (key id, version), up to that length. A read is intact when the header parses, names the key
 * read and the version the reader expects, and the length and filler are what the header says:
 * a truncated value, a flipped byte, another key's value, an older write's value or foreign
 * bytes each fail. The header's bytes other than the base-36 letters lie outside the filler's
 * alphabet, and fields end at {@code '.'}, which filler never holds.
 */
public final class TraceValues {

    /** Values shorter than this cannot carry their header: a replay writes those as the trace has them. */
    public static final int MIN_BYTES = 4 + 2 * Base36.MAX_LONG_DIGITS + Base36.MAX_INT_DIGITS;

    private static final byte START = '+';
    private static final byte FIELD_END = '.';
    private static final long FILL_SALT = 0x7472616365666C6CL;
    private static final long LENGTH_SALT = 0x74726163656C656EL;
    private static final long FIELD_SALT = 0x7472616365666C64L;
    private static final long FNV_OFFSET = 0xCBF29CE484222325L;
    private static final long FNV_PRIME = 0x100000001B3L;

    private TraceValues() {
    }

    /** The id values of {@code key} carry: a 63-bit hash of its bytes, 0 or above. */
    public static long keyId(byte[] key) {
        long hash = FNV_OFFSET;
        for (byte b : key) {
            hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
        }
        return SplitMix64.mix(hash ^ key.length) & Long.MAX_VALUE;
    }

    /**
     * The id values of field {@code field} of the hash of key id {@code keyId} carry, as a string's
     * values carry their key's: each field of a record is written and checked as a key of its own.
     */
    public static long fieldId(long keyId, byte[] field) {
        return fieldId(keyId, fieldNameId(field));
    }

    /**
     * What {@link #fieldId(long, byte[])} makes of a field's name, for callers that name the same
     * few fields again and again: {@code fieldId(keyId, fieldNameId(field))} is that id.
     */
    public static long fieldNameId(byte[] field) {
        return SplitMix64.mix(keyId(field) ^ FIELD_SALT);
    }

    /** The id of the field whose {@link #fieldNameId} is {@code fieldNameId}, of the hash of key id {@code keyId}. */
    public static long fieldId(long keyId, long fieldNameId) {
        return SplitMix64.mix(keyId ^ fieldNameId) & Long.MAX_VALUE;
    }

    /** A length drawn from {@code sizes} for the key of id {@code keyId}, the same each time. */
    public static int length(long keyId, SizeDistribution sizes) {
        return sizes.pick(SplitMix64.mix(keyId ^ LENGTH_SALT));
    }

    /**
     * A new array holding the value of version {@code version} of the key of id {@code keyId},
     * {@code length} bytes long.
     *
     * @throws IllegalArgumentException for a length below {@link #MIN_BYTES} or a negative id or version
     */
    public static byte[] value(long keyId, long version, int length) {
        if (length < MIN_BYTES || keyId < 0 || version < 0) {
            throw new IllegalArgumentException("a trace value needs an id and version of 0 or more and at least "
                    + MIN_BYTES + " bytes, got " + keyId + ", " + version + ", " + length);
        }
        byte[] value = new byte[length];
        int at = 0;
        value[at++] = START;
        at = Base36.write(value, at, keyId);
        value[at++] = FIELD_END;
        at = Base36.write(value, at, version);
        value[at++] = FIELD_END;
        at = Base36.write(value, at, length);
        value[at++] = FIELD_END;
        PrintableBytes.fill(value, at, length, fillState(keyId, version));
        return value;
    }

    /**
     * Checks a value read from the key of id {@code keyId} whose last write the reader knows is
     * version {@code version}; null means the key was missing.
     */
    public static Verdict check(long keyId, long version, byte[] actual) {
        if (actual == null) {
            return Verdict.MISSING;
        }
        if (actual.length == 0 || actual[0] != START) {
            return Verdict.MALFORMED;
        }
        int idEnd = Base36.fieldEnd(actual, 1, Base36.MAX_LONG_DIGITS, FIELD_END);
        int versionEnd = idEnd < 0 ? -1 : Base36.fieldEnd(actual, idEnd + 1, Base36.MAX_LONG_DIGITS, FIELD_END);
        int lengthEnd = versionEnd < 0 ? -1
                : Base36.fieldEnd(actual, versionEnd + 1, Base36.MAX_INT_DIGITS, FIELD_END);
        if (lengthEnd < 0) {
            return Verdict.MALFORMED;
        }
        long id = Base36.parse(actual, 1, idEnd);
        long written = Base36.parse(actual, idEnd + 1, versionEnd);
        long length = Base36.parse(actual, versionEnd + 1, lengthEnd);
        if (id < 0 || written < 0 || length < 0) {
            return Verdict.MALFORMED;
        }
        if (id != keyId) {
            return Verdict.OTHER_KEY;
        }
        if (written < version) {
            return Verdict.STALE;
        }
        if (written > version) {
            return Verdict.WRONG_BYTES;
        }
        int compared = (int) Math.min(length, actual.length);
        boolean filler = PrintableBytes.mismatch(actual, lengthEnd + 1, compared, fillState(keyId, version)) < 0;
        if (actual.length != length) {
            return Verdict.WRONG_LENGTH;
        }
        return filler ? Verdict.MATCH : Verdict.WRONG_BYTES;
    }

    /**
     * Checks a value read from the key (or field) of id {@code keyId} when the version it should
     * hold cannot be known (another connection may have written it since): intact when it is one of
     * this key's values, of whichever version its header names, whole.
     */
    public static Verdict checkAnyVersion(long keyId, byte[] actual) {
        if (actual == null) {
            return Verdict.MISSING;
        }
        int idEnd = actual.length > 0 && actual[0] == START
                ? Base36.fieldEnd(actual, 1, Base36.MAX_LONG_DIGITS, FIELD_END) : -1;
        int versionEnd = idEnd < 0 ? -1 : Base36.fieldEnd(actual, idEnd + 1, Base36.MAX_LONG_DIGITS, FIELD_END);
        long written = versionEnd < 0 ? -1 : Base36.parse(actual, idEnd + 1, versionEnd);
        return written < 0 ? Verdict.MALFORMED : check(keyId, written, actual);
    }

    private static long fillState(long keyId, long version) {
        return SplitMix64.mix(keyId ^ SplitMix64.mix(version ^ FILL_SALT));
    }
}
