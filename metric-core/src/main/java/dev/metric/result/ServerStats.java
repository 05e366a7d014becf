package dev.metric.result;

import dev.metric.server.ServerInfo;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * The server's own counters, from INFO stats or memcached's {@code stats}, or the change in them
 * over a phase: its view of what the client measured, to set beside the client's hit and miss
 * counts, and the CPU it spent.
 *
 * @param keyspaceHits    reads that found their key: INFO's keyspace_hits, memcached's get_hits (a
 *                        key of a multi-key read counts once, in both)
 * @param keyspaceMisses  reads that did not: keyspace_misses, get_misses
 * @param expiredKeys     keys removed because their TTL ran out: expired_keys; for memcached, reads
 *                        that found their item expired (get_expired), since it counts no other way
 * @param evictedKeys     keys removed to stay under the memory limit: evicted_keys, evictions
 * @param commands        commands processed, of every client: total_commands_processed; for
 *                        memcached its reads and writes (cmd_get, cmd_set)
 * @param serverCpuMicros CPU the server's process used, user and system, in microseconds:
 *                        used_cpu_user and used_cpu_sys, or rusage_user and rusage_system
 *
 * <p>Each is {@link #UNKNOWN} when the server does not report it (an older memcached has no
 * get_expired; a server that speaks RESP need not give INFO's counters): a count it does not keep
 * is not a count of 0.
 */
public record ServerStats(long keyspaceHits, long keyspaceMisses, long expiredKeys, long evictedKeys, long commands,
                          long serverCpuMicros) {

    /** A counter the server does not report. */
    public static final long UNKNOWN = -1;

    /** The counters in {@code info}; a counter the server does not report is {@link #UNKNOWN}. */
    public static ServerStats of(ServerInfo info) {
        if (info.memcached()) {
            return new ServerStats(counter(info, "get_hits"), counter(info, "get_misses"),
                    counter(info, "get_expired"), counter(info, "evictions"),
                    sum(counter(info, "cmd_get"), counter(info, "cmd_set")),
                    sum(cpuMicros(info, "rusage_user"), cpuMicros(info, "rusage_system")));
        }
        return new ServerStats(counter(info, "keyspace_hits"), counter(info, "keyspace_misses"),
                counter(info, "expired_keys"), counter(info, "evicted_keys"),
                counter(info, "total_commands_processed"),
                sum(cpuMicros(info, "used_cpu_user"), cpuMicros(info, "used_cpu_sys")));
    }

    /** The whole number in {@code field}, or {@link #UNKNOWN} when the server does not report one. */
    private static long counter(ServerInfo info, String field) {
        return info.reported(field).orElse(UNKNOWN);
    }

    /** Seconds of CPU as both servers print them, {@code 12.345678}, in microseconds; {@link #UNKNOWN} without. */
    private static long cpuMicros(ServerInfo info, String field) {
        String value = info.fields().get(field);
        try {
            return value == null ? UNKNOWN : new BigDecimal(value.trim()).movePointRight(6).longValue();
        } catch (NumberFormatException e) {
            return UNKNOWN;
        }
    }

    private static long sum(long one, long other) {
        return one == UNKNOWN || other == UNKNOWN ? UNKNOWN : one + other;
    }

    private static long growth(long before, long after) {
        return before == UNKNOWN || after == UNKNOWN ? UNKNOWN : after - before;
    }

    /** How much each counter grew from {@code before} to this; {@link #UNKNOWN} where either does not know. */
    public ServerStats since(ServerStats before) {
        return new ServerStats(growth(before.keyspaceHits, keyspaceHits), growth(before.keyspaceMisses, keyspaceMisses),
                growth(before.expiredKeys, expiredKeys), growth(before.evictedKeys, evictedKeys),
                growth(before.commands, commands), growth(before.serverCpuMicros, serverCpuMicros));
    }

    /** {@code count} as a report shows it: {@code 1,234}, or {@code unknown}. */
    public static String text(long count) {
        return count == UNKNOWN ? "unknown" : String.format(Locale.ROOT, "%,d", count);
    }
}
