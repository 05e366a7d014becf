package dev.metric.result;

import dev.metric.server.ServerInfo;

/**
 * The server's own counters from INFO stats, or the change in them over a phase: its view of
 * what the client measured, to set beside the client's hit and miss counts.
 *
 * @param keyspaceHits    GETs (and other reads) that found their key
 * @param keyspaceMisses  reads that did not
 * @param expiredKeys     keys removed because their TTL ran out
 * @param evictedKeys     keys removed to stay under maxmemory
 * @param commands        commands processed, of every client
 */
public record ServerStats(long keyspaceHits, long keyspaceMisses, long expiredKeys, long evictedKeys, long commands) {

    /** The counters in {@code info}; a counter the server does not report reads as 0. */
    public static ServerStats of(ServerInfo info) {
        return new ServerStats(counter(info, "keyspace_hits"), counter(info, "keyspace_misses"),
                counter(info, "expired_keys"), counter(info, "evicted_keys"),
                counter(info, "total_commands_processed"));
    }

    private static long counter(ServerInfo info, String field) {
        try {
            return Long.parseLong(info.fields().getOrDefault(field, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** How much each counter grew from {@code before} to this. */
    public ServerStats since(ServerStats before) {
        return new ServerStats(keyspaceHits - before.keyspaceHits, keyspaceMisses - before.keyspaceMisses,
                expiredKeys - before.expiredKeys, evictedKeys - before.evictedKeys, commands - before.commands);
    }
}
