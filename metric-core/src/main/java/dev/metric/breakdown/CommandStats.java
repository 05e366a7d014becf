package dev.metric.breakdown;

import dev.metric.client.MemcachedCommand;
import dev.metric.server.ServerInfo;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The server's own accounting of commands, from INFO commandstats: how many calls of each
 * command it ran and the microseconds it spent executing them, which excludes reading the
 * request and writing the reply.
 */
public final class CommandStats {

    private static final String FIELD_PREFIX = "cmdstat_";

    private final ServerInfo info;

    private CommandStats(ServerInfo info) {
        this.info = info;
    }

    /** The commandstats in {@code info}, which must hold that section (INFO everything does). */
    public static CommandStats of(ServerInfo info) {
        return new CommandStats(info);
    }

    /**
     * Mean microseconds per call of {@code command} between {@code before} and this reading;
     * empty when the server does not report the command or ran none in between.
     */
    public OptionalDouble microsPerCallSince(CommandStats before, String command) {
        long[] now = callsAndMicros(command);
        long[] then = before.callsAndMicros(command);
        if (now == null) {
            return OptionalDouble.empty();
        }
        long calls = now[0] - (then == null ? 0 : then[0]);
        long micros = now[1] - (then == null ? 0 : then[1]);
        return calls > 0 && micros >= 0 ? OptionalDouble.of((double) micros / calls) : OptionalDouble.empty();
    }

    /**
     * Calls of {@code command} between {@code before} and this reading; 0 when the server does
     * not report it. For memcached, which counts by kind rather than by command, the calls its
     * {@linkplain MemcachedCommand#counters() counters} for the command counted (cmd_set counts
     * every storage command).
     */
    public long callsSince(CommandStats before, String command) {
        if (info.memcached()) {
            return MemcachedCommand.named(command).map(known -> known.counters().stream()
                    .mapToLong(counter -> info.counter(counter) - before.info.counter(counter)).sum()).orElse(0L);
        }
        long[] now = callsAndMicros(command);
        long[] then = before.callsAndMicros(command);
        return now == null ? 0 : now[0] - (then == null ? 0 : then[0]);
    }

    /**
     * Calls of {@code command} the server counted from the reading {@code before} to {@code after}
     * ({@link #callsSince}); -1 when they are not of one run of the server ({@link ServerInfo#sameRun}:
     * it restarted, or one of them could not be read).
     */
    public static long callsBetween(ServerInfo before, ServerInfo after, String command) {
        return ServerInfo.sameRun(before, after) ? of(after).callsSince(of(before), command) : -1;
    }

    /**
     * As {@link #callsBetween(ServerInfo, ServerInfo, String)}, for a command as its words: a
     * container's subcommand ({@code CLIENT LIST}, {@code CONFIG GET}) by the name Redis 7 counts it
     * under ({@code cmdstat_client|list}) when the server reports that, else by its first word.
     */
    public static long callsBetween(ServerInfo before, ServerInfo after, List<String> words) {
        if (after != null && words.size() > 1 && !after.memcached()) {
            String subcommand = words.get(0) + "|" + words.get(1);
            if (after.fields().containsKey(FIELD_PREFIX + subcommand.toLowerCase(Locale.ROOT))) {
                return callsBetween(before, after, subcommand);
            }
        }
        return callsBetween(before, after, words.get(0));
    }

    /** Whether these are a memcached's counters, which count by kind of command. */
    public boolean memcached() {
        return info.memcached();
    }

    /** {calls, usec} of {@code command}, or null when the server does not report it in a form we read. */
    private long[] callsAndMicros(String command) {
        String field = info.fields().get(FIELD_PREFIX + command.toLowerCase(Locale.ROOT));
        if (field == null) {
            return null;
        }
        Map<String, String> parts = ServerInfo.parts(field);
        long calls;
        long micros;
        try {
            calls = Long.parseLong(parts.getOrDefault("calls", "-1"));
            micros = Long.parseLong(parts.getOrDefault("usec", "-1"));
        } catch (NumberFormatException e) {
            return null;
        }
        return calls < 0 || micros < 0 ? null : new long[] {calls, micros};
    }
}
