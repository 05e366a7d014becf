package dev.metric.result;

import dev.metric.server.ServerInfo;
import java.math.BigDecimal;

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
 */
public record ServerStats(long keyspaceHits, long keyspaceMisses, long expiredKeys, long evictedKeys, long commands,
                          long serverCpuMicros) {

    /** The counters in {@code info}; a counter the server does not report reads as 0. */
    public static ServerStats of(ServerInfo info) {
        if (info.memcached()) {
            return new ServerStats(info.counter("get_hits"), info.counter("get_misses"),
                    info.counter("get_expired"), info.counter("evictions"),
                    info.counter("cmd_get") + info.counter("cmd_set"),
                    cpuMicros(info, "rusage_user") + cpuMicros(info, "rusage_system"));
        }
        return new ServerStats(info.counter("keyspace_hits"), info.counter("keyspace_misses"),
                info.counter("expired_keys"), info.counter("evicted_keys"),
                info.counter("total_commands_processed"),
                cpuMicros(info, "used_cpu_user") + cpuMicros(info, "used_cpu_sys"));
    }

    /** Seconds of CPU as both servers print them, {@code 12.345678}, in microseconds. */
    private static long cpuMicros(ServerInfo info, String field) {
        try {
            return new BigDecimal(info.fields().getOrDefault(field, "0")).movePointRight(6).longValue();
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** How much each counter grew from {@code before} to this. */
    public ServerStats since(ServerStats before) {
        return new ServerStats(keyspaceHits - before.keyspaceHits, keyspaceMisses - before.keyspaceMisses,
                expiredKeys - before.expiredKeys, evictedKeys - before.evictedKeys, commands - before.commands,
                serverCpuMicros - before.serverCpuMicros);
    }
}
