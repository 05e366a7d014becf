package dev.metric.client;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The memcached commands a command template ({@code metric run}) may name, with the arguments each
 * takes after its name (the key first) and the counters of memcached's {@code stats} that count it.
 * Their replies are typed as the nearest RESP reply would be: a value or a stored item's status as a
 * string, a miss or an item not stored as nil, a count or a delete's or touch's outcome as an integer.
 */
public enum MemcachedCommand {
    GET(1, 1, "cmd_get"),
    /** {@code set key value [ttl]}. */
    SET(2, 3, "cmd_set"),
    ADD(2, 3, "cmd_set"),
    REPLACE(2, 3, "cmd_set"),
    APPEND(2, 2, "cmd_set"),
    PREPEND(2, 2, "cmd_set"),
    DELETE(1, 1, "delete_hits", "delete_misses"),
    /** {@code touch key ttl}. */
    TOUCH(2, 2, "cmd_touch"),
    /** {@code incr key by}. */
    INCR(2, 2, "incr_hits", "incr_misses"),
    DECR(2, 2, "decr_hits", "decr_misses");

    private final int minArguments;
    private final int maxArguments;
    private final List<String> counters;

    MemcachedCommand(int minArguments, int maxArguments, String... counters) {
        this.minArguments = minArguments;
        this.maxArguments = maxArguments;
        this.counters = List.of(counters);
    }

    /** The command of that name, in any case. */
    public static Optional<MemcachedCommand> named(String name) {
        for (MemcachedCommand command : values()) {
            if (command.name().equalsIgnoreCase(name)) {
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }

    /** The names of every command, in lower case, for messages. */
    public static String names() {
        StringBuilder names = new StringBuilder();
        for (MemcachedCommand command : values()) {
            names.append(names.length() == 0 ? "" : ", ").append(command.name().toLowerCase(Locale.ROOT));
        }
        return names.toString();
    }

    /** Whether it takes {@code arguments} arguments after its name. */
    public boolean takes(int arguments) {
        return arguments >= minArguments && arguments <= maxArguments;
    }

    /** Its arguments, in words, for messages. */
    public String usage() {
        return switch (this) {
            case GET, DELETE -> "a key";
            case SET, ADD, REPLACE -> "a key, a value and optionally a TTL in seconds";
            case APPEND, PREPEND -> "a key and a value";
            case TOUCH -> "a key and a TTL in seconds";
            case INCR, DECR -> "a key and a number";
        };
    }

    /** The counters of memcached's stats that count it, summed. */
    public List<String> counters() {
        return counters;
    }
}
