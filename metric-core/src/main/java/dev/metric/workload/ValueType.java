package dev.metric.workload;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.util.Locale;

/**
 * What each key of a data set holds: a string (the original tool's), or a hash, list or sorted
 * set of elements ({@link Structures}), with the command that reads a whole one back. Users name
 * it with {@code --type}.
 */
public enum ValueType {
    STRING("string", "strings", "value", "GET"),
    HASH("hash", "hashes", "field", "HGETALL"),
    LIST("list", "lists", "element", "LRANGE"),
    ZSET("sorted set", "sorted sets", "member", "ZRANGE");

    private final String label;
    private final String plural;
    private final String elementName;
    private final String read;

    ValueType(String label, String plural, String elementName, String read) {
        this.label = label;
        this.plural = plural;
        this.elementName = elementName;
        this.read = read;
    }

    /** The type as {@code --type} spells it. */
    public static ValueType parse(String text) {
        for (ValueType type : values()) {
            if (type.option().equals(text)) {
                return type;
            }
        }
        throw SettingException.of(Setting.VALUE_TYPE, ": expected string, hash, list or zset, got '" + text + "'");
    }

    /** How {@code --type} spells it. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** One of them, in words. */
    public String label() {
        return label;
    }

    /** Several of them, in words. */
    public String plural() {
        return plural;
    }

    /** What one of its parts is called: field, element or member. */
    public String elementName() {
        return elementName;
    }

    /** The command that reads a whole value back ({@code LRANGE key 0 -1}, {@code ZRANGE key 0 -1 WITHSCORES}). */
    public String readCommand() {
        return read;
    }
}
