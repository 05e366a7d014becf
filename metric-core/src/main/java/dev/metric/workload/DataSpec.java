package dev.metric.workload;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The data a run writes, as the user described it: how many keys, what their names start with,
 * how long keys and values are, and the seed every byte derives from. One value, so that a run,
 * its report and {@code merge} treat "the same data" as one thing; {@link DataSet} turns it into
 * bytes.
 *
 * @param keys       keys written and read, each with an index in 0..keys-1
 * @param seed       seed every key and value derives from
 * @param keyPrefix  what every key starts with: it tells the run's keys from others, and
 *                   {@code --flush} and {@code --cleanup} go by it
 * @param keySizes   lengths of keys, prefix included
 * @param valueSizes lengths of values, header included; of each element of a hash, list or sorted set
 * @param type       what each key holds: a string, or a hash, list or sorted set
 * @param elements   fields of each hash, elements of each list or sorted set; 1 for strings
 * @param keyNumbers memtier_benchmark's key names (the prefix and a number) in place of metric's, or null
 *                   for metric's; then the key sizes are those of the names, and each value is filler
 *                   of its key's alone, of any length from 1 byte
 */
public record DataSpec(int keys, long seed, String keyPrefix, SizeDistribution keySizes,
                       SizeDistribution valueSizes, ValueType type, int elements, KeyNumbers keyNumbers) {

    /** Keys per "k" of kkeys: the original tool counted 1024 (3000 kkeys = 3,072,000 keys). */
    public static final int KEYS_PER_KKEY = 1024;

    /** The largest kkeys whose key count still fits an int index. */
    public static final int MAX_KKEYS = Integer.MAX_VALUE / KEYS_PER_KKEY;

    /** The prefix of the original tool's keys. */
    public static final String DEFAULT_KEY_PREFIX = "metric:";

    /** One of these ends a prefix that deleting keys may go by ({@link #unsafeForDeleting}). */
    public static final String PREFIX_SEPARATORS = ":/._-|#";

    /** Characters a prefix that deleting keys may go by has before its separator. */
    public static final int MIN_PREFIX_NAME_CHARS = 3;

    /** Key lengths of the original tool: 20 to 200 bytes. */
    public static final SizeDistribution STANDARD_KEY_SIZES = SizeDistribution.range(20, 200);

    /** Value lengths of the original tool: 200 to 2000 bytes. */
    public static final SizeDistribution STANDARD_VALUE_SIZES = SizeDistribution.range(200, 2000);

    /** The longest key a run may write. */
    public static final long MAX_KEY_BYTES = 1L << 20;

    /**
     * The longest value a run may write: far above the 8 MB users ask for, above the 100,000,000 bytes
     * a suite of redis-benchmarks-specification writes in one SET, below Redis's 512 MB bulk limit.
     */
    public static final long MAX_VALUE_BYTES = 128L << 20;

    /**
     * The most fields or elements of one structure: it is written in one command of twice as many
     * arguments, and its reply is checked whole in memory.
     */
    public static final int MAX_ELEMENTS = 1000;

    /** The longest key prefix: room is left in the shortest keys for the index. */
    public static final int MAX_PREFIX_BYTES = 256;

    /** Bytes a key needs after its prefix: the widest index and its separator. */
    static final int KEY_INDEX_BYTES = Base36.MAX_INT_DIGITS + 1;

    /** The longest value header: the widest index between its two marks. */
    static final int MAX_VALUE_HEADER_BYTES = Base36.MAX_INT_DIGITS + 2;

    /**
     * Why keys may not be told metric's by {@code prefix} when deleting them ({@code --flush}
     * without {@code --yes}, {@code --cleanup}), or null when they may: it must end with a separator
     * ({@value #PREFIX_SEPARATORS}) after at least {@value #MIN_PREFIX_NAME_CHARS} characters, so
     * that a prefix such as {@code u} never reaches into an application's {@code user:} keys.
     */
    public static String unsafeForDeleting(String prefix) {
        if (prefix.isEmpty() || PREFIX_SEPARATORS.indexOf(prefix.charAt(prefix.length() - 1)) < 0) {
            return "'" + prefix + "' does not end with a separator (one of " + PREFIX_SEPARATORS + "), so it could"
                    + " reach into other names that start alike; use e.g. 'bench:'";
        }
        if (prefix.codePointCount(0, prefix.length() - 1) < MIN_PREFIX_NAME_CHARS) {
            return "'" + prefix + "' has fewer than " + MIN_PREFIX_NAME_CHARS + " characters before its separator,"
                    + " too short to tell metric's keys from an application's; use e.g. 'bench:'";
        }
        return null;
    }

    /**
     * Refuses data that cannot be written: no keys, an empty or oversized prefix, keys too short
     * for the prefix and a unique index, values too short for the header naming their key, or
     * lengths beyond their limits. memtier_benchmark's numbered names take their sizes from the
     * numbers, any prefix up to its limit, and values of 1 byte and up, of strings only.
     *
     * @throws IllegalArgumentException with a one-line reason naming the option
     */
    public DataSpec {
        if (keys < 1) {
            throw new IllegalArgumentException("the key count must be at least 1, got " + keys);
        }
        int prefixBytes = keyPrefix.getBytes(StandardCharsets.UTF_8).length;
        if (keyNumbers != null) {
            checkNumbered(keyNumbers, keys, prefixBytes, valueSizes, type);
            keySizes = keyNumbers.sizes(prefixBytes, keys);
        } else {
            checkNamed(keyPrefix, prefixBytes, keySizes, valueSizes);
        }
        checkStructure(type, elements, valueSizes);
    }

    private static void checkNamed(String keyPrefix, int prefixBytes, SizeDistribution keySizes,
                                   SizeDistribution valueSizes) {
        if (prefixBytes < 1 || prefixBytes > MAX_PREFIX_BYTES) {
            throw SettingException.of(Setting.KEY_PREFIX, ": must be 1 to " + MAX_PREFIX_BYTES + " bytes, got "
                    + prefixBytes + ": an empty prefix would make every key in the database look like metric's");
        }
        long minKey = prefixBytes + KEY_INDEX_BYTES;
        if (keySizes.minBytes() < minKey || keySizes.maxBytes() > MAX_KEY_BYTES) {
            throw SettingException.of(Setting.KEY_SIZE, ": keys must be " + minKey + " bytes (to hold the prefix '"
                    + keyPrefix + "' and a unique index) to " + MAX_KEY_BYTES + " bytes, got " + keySizes);
        }
        if (valueSizes.minBytes() < MAX_VALUE_HEADER_BYTES || valueSizes.maxBytes() > MAX_VALUE_BYTES) {
            throw SettingException.of(Setting.VALUE_SIZE, ": values must be " + MAX_VALUE_HEADER_BYTES + " bytes (to "
                    + "hold the index of their key) to " + MAX_VALUE_BYTES + " bytes, got " + valueSizes);
        }
    }

    /** Strings, as the original tool wrote them. */
    public DataSpec(int keys, long seed, String keyPrefix, SizeDistribution keySizes, SizeDistribution valueSizes) {
        this(keys, seed, keyPrefix, keySizes, valueSizes, ValueType.STRING, 1);
    }

    /** Keys of metric's names. */
    public DataSpec(int keys, long seed, String keyPrefix, SizeDistribution keySizes, SizeDistribution valueSizes,
                    ValueType type, int elements) {
        this(keys, seed, keyPrefix, keySizes, valueSizes, type, elements, null);
    }

    /**
     * memtier_benchmark's strings: {@code keys} keys named {@code keyPrefix} and a number from {@code numbers}'
     * first, values of {@code valueSizes}.
     */
    public static DataSpec numbered(int keys, long seed, String keyPrefix, KeyNumbers numbers,
                                    SizeDistribution valueSizes) {
        return new DataSpec(keys, seed, keyPrefix, STANDARD_KEY_SIZES, valueSizes, ValueType.STRING, 1, numbers);
    }

    private static void checkNumbered(KeyNumbers numbers, int keys, int prefixBytes, SizeDistribution valueSizes,
                                      ValueType type) {
        if (prefixBytes > MAX_PREFIX_BYTES) {
            throw SettingException.of(Setting.KEY_PREFIX, ": must be at most " + MAX_PREFIX_BYTES + " bytes, got "
                    + prefixBytes);
        }
        if (numbers.number(keys - 1) > KeyNumbers.MAX_NUMBER) {
            throw SettingException.of(Setting.KEY_MAXIMUM, ": must be at most " + KeyNumbers.MAX_NUMBER + ", got "
                    + numbers.number(keys - 1));
        }
        if (valueSizes.minBytes() < 1 || valueSizes.maxBytes() > MAX_VALUE_BYTES) {
            throw SettingException.of(Setting.VALUE_SIZE, ": values must be 1 to " + MAX_VALUE_BYTES + " bytes, got "
                    + valueSizes);
        }
        if (type != ValueType.STRING) {
            throw SettingException.of(Setting.VALUE_TYPE, ": memtier_benchmark's numbered keys (", Setting.KEY_MINIMUM,
                    ", ", Setting.KEY_MAXIMUM, ") hold strings, not " + type.plural());
        }
    }

    private static void checkStructure(ValueType type, int elements, SizeDistribution valueSizes) {
        if (type == ValueType.STRING) {
            if (elements != 1) {
                throw SettingException.of(Setting.FIELDS, "/", Setting.ELEMENTS, ": a string is one value, got "
                        + elements);
            }
            return;
        }
        Setting count = type == ValueType.HASH ? Setting.FIELDS : Setting.ELEMENTS;
        if (elements < 1 || elements > MAX_ELEMENTS) {
            throw SettingException.of(count, ": must be 1.." + MAX_ELEMENTS + ", got " + elements);
        }
        if (valueSizes.minBytes() < VersionedValues.MAX_HEADER_BYTES) {
            throw SettingException.of(Setting.VALUE_SIZE, ": elements of a " + type.label() + " must be at least "
                    + VersionedValues.MAX_HEADER_BYTES + " bytes (to hold their key and version), got " + valueSizes);
        }
        if (elements * valueSizes.maxBytes() > MAX_VALUE_BYTES) {
            throw SettingException.of(count, " " + elements + " of ", Setting.VALUE_SIZE, String.format(Locale.ROOT,
                    " up to %,d bytes: a %s could hold %,d bytes, more than the %,d one key may",
                    valueSizes.maxBytes(), type.label(), elements * valueSizes.maxBytes(), MAX_VALUE_BYTES));
        }
    }

    /** The original tool's data: {@code keys} keys of 20-200 bytes under {@code metric:}, values of 200-2000. */
    public static DataSpec standard(int keys, long seed) {
        return new DataSpec(keys, seed, DEFAULT_KEY_PREFIX, STANDARD_KEY_SIZES, STANDARD_VALUE_SIZES);
    }

    /**
     * The key count of the original tool's {@code <kkeys>}: {@value #KEYS_PER_KKEY} keys each.
     *
     * @throws IllegalArgumentException when it is out of range
     */
    public static int kkeysToKeys(int kkeys) {
        if (kkeys < 1 || kkeys > MAX_KKEYS) {
            throw new IllegalArgumentException("kkeys must be 1.." + MAX_KKEYS + ", got " + kkeys);
        }
        return kkeys * KEYS_PER_KKEY;
    }

    /** The same data with other key and value lengths. */
    public DataSpec withSizes(SizeDistribution keySizes, SizeDistribution valueSizes) {
        return new DataSpec(keys, seed, keyPrefix, keySizes, valueSizes, type, elements, keyNumbers);
    }

    /** The same keys holding another type of value, of {@code elements} fields or elements (1 for a string). */
    public DataSpec withType(ValueType type, int elements) {
        return new DataSpec(keys, seed, keyPrefix, keySizes, valueSizes, type, elements, keyNumbers);
    }

    /** Whether each key holds a hash, list or sorted set rather than a string. */
    public boolean structured() {
        return type != ValueType.STRING;
    }

    /** What a key holds, in words: "values of 200-2000 B" or "hashes of 10 fields of 200-2000 B". */
    public String valuesInWords() {
        return type == ValueType.STRING ? "values of " + valueSizes
                : type.plural() + " of " + elements + " " + type.elementName() + (elements == 1 ? "" : "s") + " of "
                + valueSizes;
    }

    /** Whether its keys have memtier_benchmark's numbered names rather than metric's. */
    public boolean numbered() {
        return keyNumbers != null;
    }

    @Override
    public String toString() {
        if (keyNumbers != null) {
            return String.format("%,d keys '%s%d' to '%s%d' (memtier_benchmark's names), %s, seed %d", keys, keyPrefix,
                    keyNumbers.first(), keyPrefix, keyNumbers.number(keys - 1), valuesInWords(), seed);
        }
        return String.format("%,d keys '%s...' of %s, %s, seed %d", keys, keyPrefix, keySizes, valuesInWords(), seed);
    }
}
