package dev.metric.workload;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The hash, list or sorted set each key of a {@link DataSet} holds instead of a string, every
 * element a pure function of (seed, key index, version, element number), so that a structure
 * read back is checked element by element without any of it kept in memory.
 *
 * <p>Element {@code j} of key {@code i} at version {@code v} is written as a {@link VersionedValues
 * versioned value} is: {@code '='}, {@code i} and {@code v} in base 36 each closed by {@code '.'},
 * then printable filler up to a length drawn from the value sizes, both drawn per element. The
 * header names the key, so an element of another key's structure is recognised as such; the
 * filler differs per element, so a swapped or altered element is not taken for intact; and every
 * element of one structure must name the same version, so two writes mixed into one structure are
 * caught. A hash's field {@code j} is named {@code f} and {@code j} in base 36; a sorted set's
 * member {@code j} has the score {@code j}, so that reading it by rank gives the elements in order.
 *
 * <p>A whole structure is written by one EVAL of a fixed script that deletes the key, writes
 * every element with one HSET, RPUSH or ZADD and, with a TTL, sets it with EXPIRE. Scripts run
 * atomically: two lanes rewriting the same key never interleave their elements, which a
 * pipelined DEL and HSET would, and which a transaction cannot prevent on a connection that lanes
 * share.
 */
public final class Structures {

    /** Where the key is among {@link #writeCommand}'s arguments: {@code EVAL script 1 key ...}. */
    public static final int WRITE_KEY_AT = 3;
    /** Where the key is among {@link #readCommand}'s arguments. */
    public static final int READ_KEY_AT = 1;
    /** For {@link #check}: any version whose elements are all intact will do. */
    public static final long ANY_VERSION = -1;

    private static final long LENGTH_SALT = 0x656C5F6C656EL;
    private static final long FILL_SALT = 0x656C5F66696CL;
    private static final byte[] ZERO = {'0'};
    private static final byte[] MINUS_ONE = "-1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WITHSCORES = "WITHSCORES".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVAL = "EVAL".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ONE_KEY = {'1'};

    private final DataSet dataSet;
    private final ValueType type;
    private final int elements;
    private final byte[] script;
    private final byte[] readName;

    /** @throws IllegalArgumentException when the data set holds strings */
    public Structures(DataSet dataSet) {
        DataSpec spec = dataSet.spec();
        if (!spec.structured()) {
            throw new IllegalArgumentException("a data set of strings has no structures");
        }
        this.dataSet = dataSet;
        this.type = spec.type();
        this.elements = spec.elements();
        this.script = script(type);
        this.readName = type.readCommand().getBytes(StandardCharsets.US_ASCII);
    }

    /** The script that replaces a key's structure: ARGV[1] is the TTL (0 for none), the rest the elements. */
    private static byte[] script(ValueType type) {
        return ("redis.call('DEL', KEYS[1]) redis.call('" + writeCommand(type) + "', KEYS[1], unpack(ARGV, 2)) "
                + "if ARGV[1] ~= '0' then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return 1")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The command the write script adds the elements of a {@code type} with: HSET, RPUSH or ZADD. */
    public static String writeCommand(ValueType type) {
        return switch (type) {
            case HASH -> "HSET";
            case LIST -> "RPUSH";
            case ZSET -> "ZADD";
            case STRING -> throw new IllegalStateException("strings are written with SET");
        };
    }

    /**
     * How structures of {@code type} are written and read, in words for reports: "written whole by
     * one EVAL (DEL, HSET, EXPIRE when there is a TTL), read whole by HGETALL".
     */
    public static String accessInWords(ValueType type) {
        String read = switch (type) {
            case LIST -> "LRANGE 0 -1";
            case ZSET -> "ZRANGE 0 -1 WITHSCORES";
            default -> type.readCommand();
        };
        return "written whole by one EVAL (DEL, " + writeCommand(type) + ", EXPIRE when there is a TTL), read whole by "
                + read;
    }

    public ValueType type() {
        return type;
    }

    public int elements() {
        return elements;
    }

    /** The name of field {@code j} of every hash. */
    public static byte[] field(int j) {
        return ("f" + Integer.toString(j, Base36.RADIX)).getBytes(StandardCharsets.US_ASCII);
    }

    /** The length of element {@code j} of key {@code index} at {@code version}. */
    public int elementLength(int index, long version, int j) {
        return dataSet.valueSizes().pick(SplitMix64.mix(dataSet.base(index) ^ SplitMix64.mix(version ^ LENGTH_SALT)
                ^ salt(j)));
    }

    /** A new array holding element {@code j} of key {@code index} at {@code version}, 0 or above. */
    public byte[] element(int index, long version, int j) {
        byte[] element = new byte[elementLength(index, version, j)];
        int at = 0;
        element[at++] = '=';
        at = Base36.write(element, at, index);
        element[at++] = '.';
        at = Base36.write(element, at, version);
        element[at++] = '.';
        PrintableBytes.fill(element, at, element.length, fillState(index, version, j));
        return element;
    }

    /**
     * Bytes of key {@code index}'s structure at {@code version}: its elements, with a hash's field
     * names and a sorted set's scores.
     */
    public long bytes(int index, long version) {
        long bytes = 0;
        for (int j = 0; j < elements; j++) {
            bytes += elementLength(index, version, j) + switch (type) {
                case HASH -> field(j).length;
                case ZSET -> Integer.toString(j).length();
                default -> 0;
            };
        }
        return bytes;
    }

    /**
     * The command that replaces key {@code index}'s structure with its elements at {@code version}:
     * {@code EVAL script 1 key ttl} then {@code f0 e0 f1 e1 ...} for a hash, {@code e0 e1 ...} for
     * a list, {@code 0 e0 1 e1 ...} for a sorted set. Its key is at {@link #WRITE_KEY_AT}.
     *
     * @param ttlSeconds the TTL the structure gets, 0 for none
     */
    public byte[][] writeCommand(int index, long version, long ttlSeconds) {
        boolean paired = type != ValueType.LIST;
        int header = WRITE_KEY_AT + 2;
        byte[][] command = new byte[header + (paired ? 2 * elements : elements)][];
        command[0] = EVAL;
        command[1] = script;
        command[2] = ONE_KEY;
        command[WRITE_KEY_AT] = dataSet.key(index);
        command[WRITE_KEY_AT + 1] = Long.toString(ttlSeconds).getBytes(StandardCharsets.US_ASCII);
        for (int j = 0; j < elements; j++) {
            byte[] element = element(index, version, j);
            if (!paired) {
                command[header + j] = element;
            } else {
                command[header + 2 * j] = type == ValueType.HASH ? field(j)
                        : Integer.toString(j).getBytes(StandardCharsets.US_ASCII);
                command[header + 2 * j + 1] = element;
            }
        }
        return command;
    }

    /**
     * The command that reads key {@code index}'s whole structure: {@code HGETALL key},
     * {@code LRANGE key 0 -1} or {@code ZRANGE key 0 -1 WITHSCORES}. Its key is at {@link #READ_KEY_AT}.
     */
    public byte[][] readCommand(int index) {
        byte[] key = dataSet.key(index);
        return switch (type) {
            case HASH -> new byte[][] {readName, key};
            case LIST -> new byte[][] {readName, key, ZERO, MINUS_ONE};
            case ZSET -> new byte[][] {readName, key, ZERO, MINUS_ONE, WITHSCORES};
            case STRING -> throw new IllegalStateException("strings are read with GET");
        };
    }

    /**
     * Judges what the type's read of key {@code index} returned, flattened to its strings in
     * order: HGETALL's {@code field, value, ...} (fields in any order), LRANGE's elements, or
     * ZRANGE WITHSCORES' {@code member, score, ...} with scores as their decimal text. Intact
     * means every element there, each exactly as written, all of one version.
     *
     * @param expectedVersion the version it must hold, or {@link #ANY_VERSION}
     */
    public StructureCheck check(int index, List<byte[]> flat, long expectedVersion) {
        if (flat == null || flat.isEmpty()) {
            return StructureCheck.missing();
        }
        int stride = type == ValueType.LIST ? 1 : 2;
        if (flat.size() != stride * elements) {
            return StructureCheck.wrongCount(elements, flat.size() / stride, type);
        }
        int valueAt = type == ValueType.HASH ? 1 : 0;
        long version = expectedVersion;
        if (version == ANY_VERSION) {
            VersionedValues.Header first = VersionedValues.Header.parse(flat.get(valueAt));
            if (first == null || first.index() != index) {
                int j = type == ValueType.HASH ? Math.max(0, fieldNumber(flat.get(0))) : 0;
                return StructureCheck.element(j, type, first != null && first.index() < dataSet.keyCount()
                        ? Verdict.OTHER_KEY : Verdict.MALFORMED, -1, flat.get(valueAt).length, -1);
            }
            version = first.version();
        }
        boolean[] seen = type == ValueType.HASH ? new boolean[elements] : null;
        for (int i = 0; i < elements; i++) {
            int j = type == ValueType.HASH ? fieldNumber(flat.get(stride * i)) : i;
            if (j < 0 || seen != null && seen[j]) {
                return StructureCheck.unexpectedField(new String(flat.get(stride * i), StandardCharsets.UTF_8));
            }
            if (seen != null) {
                seen[j] = true;
            }
            StructureCheck wrong = checkElement(index, version, j, flat.get(stride * i + valueAt));
            if (wrong != null) {
                return wrong;
            }
            if (type == ValueType.ZSET && !Integer.toString(j).equals(new String(flat.get(2 * i + 1),
                    StandardCharsets.US_ASCII))) {
                return StructureCheck.wrongScore(j, new String(flat.get(2 * i + 1), StandardCharsets.US_ASCII));
            }
        }
        return StructureCheck.intact(version);
    }

    /**
     * What is wrong with element {@code j} as read, or null when it is intact: another key's
     * element, or else a wrong length or wrong bytes against element {@code j} at {@code version}.
     */
    private StructureCheck checkElement(int index, long version, int j, byte[] actual) {
        VersionedValues.Header header = VersionedValues.Header.parse(actual);
        if (header != null && header.index() != index && header.index() < dataSet.keyCount()) {
            return StructureCheck.element(j, type, Verdict.OTHER_KEY, -1, actual.length, -1);
        }
        int length = elementLength(index, version, j);
        int mismatch;
        if (header != null && header.index() == index && header.version() == version) {
            mismatch = PrintableBytes.mismatch(actual, header.bytes(), Math.min(length, actual.length),
                    fillState(index, version, j));
        } else {
            // Only a damaged element is regenerated whole, to say where it first differs.
            mismatch = Arrays.mismatch(actual, 0, Math.min(length, actual.length), element(index, version, j), 0,
                    Math.min(length, actual.length));
        }
        if (mismatch < 0 && actual.length == length) {
            return null;
        }
        return StructureCheck.element(j, type, actual.length == length ? Verdict.WRONG_BYTES : Verdict.WRONG_LENGTH,
                length, actual.length, mismatch >= 0 ? mismatch : Math.min(length, actual.length));
    }

    /** The number {@code j} of a field named {@code f<j in base 36>} of this hash, or -1. */
    private int fieldNumber(byte[] name) {
        if (name.length < 2 || name[0] != 'f') {
            return -1;
        }
        long j = Base36.parse(name, 1, name.length);
        boolean canonical = j >= 0 && j < elements && Base36.digits(j) == name.length - 1;
        return canonical ? (int) j : -1;
    }

    private long fillState(int index, long version, int j) {
        return SplitMix64.mix(dataSet.base(index) ^ SplitMix64.mix(version ^ FILL_SALT) ^ salt(j));
    }

    private static long salt(int j) {
        return SplitMix64.GOLDEN_GAMMA * (j + 1L);
    }
}
