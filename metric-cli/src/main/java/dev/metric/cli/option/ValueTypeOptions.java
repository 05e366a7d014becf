package dev.metric.cli.option;

import dev.metric.workload.DataSpec;
import dev.metric.workload.ValueType;
import picocli.CommandLine.Option;

/** What each key of mode1's and mode2's data holds: a string, or a hash, list or sorted set. */
public final class ValueTypeOptions {

    /** Fields of a hash, or elements of a list or sorted set, when the user gives no number. */
    static final int DEFAULT_ELEMENTS = 10;

    @Option(names = "--type", paramLabel = "TYPE", defaultValue = "string",
            description = "What each key holds: string, hash (HSET, read by HGETALL), list (RPUSH, read by LRANGE) or"
                    + " zset (ZADD, read by ZRANGE WITHSCORES). A structure is written whole by one EVAL that"
                    + " deletes the key first, and every element read back is verified (default: ${DEFAULT-VALUE}).")
    String type;

    @Option(names = "--fields", paramLabel = "F",
            description = "Fields of each hash, 1.." + DataSpec.MAX_ELEMENTS + " (default: " + DEFAULT_ELEMENTS
                    + "); each value's length is drawn from --value-size.")
    Integer fields;

    @Option(names = "--elements", paramLabel = "E",
            description = "Elements of each list or members of each sorted set, 1.." + DataSpec.MAX_ELEMENTS
                    + " (default: " + DEFAULT_ELEMENTS + "); each one's length is drawn from --value-size.")
    Integer elements;

    /**
     * The data {@code strings} describes, its keys holding the type asked for.
     *
     * @throws IllegalArgumentException with a one-line reason for an unknown type, or a count that
     *                                  does not fit it
     */
    public DataSpec applyTo(DataSpec strings) {
        ValueType valueType = ValueType.parse(type);
        if (fields != null && valueType != ValueType.HASH) {
            throw new IllegalArgumentException("--fields " + fields + " with --type " + type
                    + ": fields are a hash's; " + (valueType == ValueType.STRING ? "a string has none"
                    : "a " + valueType.label() + " has --elements"));
        }
        if (elements != null && (valueType == ValueType.STRING || valueType == ValueType.HASH)) {
            throw new IllegalArgumentException("--elements " + elements + " with --type " + type
                    + ": elements are a list's or sorted set's; " + (valueType == ValueType.HASH
                    ? "a hash has --fields" : "a string has none"));
        }
        if (valueType == ValueType.STRING) {
            return strings;
        }
        Integer count = valueType == ValueType.HASH ? fields : elements;
        return strings.withType(valueType, count == null ? DEFAULT_ELEMENTS : count);
    }
}
