package dev.metric.result;

import dev.metric.server.ServerInfo;

/**
 * What the server evicted over a run, by its own count: the keys it removed to stay under its
 * memory limit, so that a key a run finds missing can be told evicted from lost. The server does
 * not say which keys it evicted, so a run's missing keys are accounted for by eviction only as a
 * number: no more of them than the server evicted, under a policy that may evict them.
 *
 * @param policy         how the server chooses what to evict: its {@code maxmemory-policy}
 *                       ({@code noeviction}, {@code allkeys-lru}, {@code volatile-ttl}, ...);
 *                       memcached's is {@code lru} (unless started with {@code -M}, it evicts its
 *                       least recently used items); {@code unknown} when not reported
 * @param maxmemoryBytes the memory limit it evicts to stay under: {@code maxmemory}, memcached's
 *                       {@code limit_maxbytes}; 0 when none is set, -1 when unknown
 * @param evictedKeys    keys it evicted from the run's start to its end ({@code evicted_keys},
 *                       memcached's {@code evictions}); -1 when unknown, or when it restarted meanwhile
 */
public record Eviction(String policy, long maxmemoryBytes, long evictedKeys) {

    /** Nothing is known: the server could not be asked at the end. */
    public static final Eviction UNKNOWN = new Eviction("unknown", -1, -1);

    /** What the server evicted between its INFO {@code before} and {@code after} a run. */
    public static Eviction between(ServerInfo before, ServerInfo after) {
        if (before == null) {
            return UNKNOWN;
        }
        String policy = before.memcached() ? "lru" : before.fields().getOrDefault("maxmemory_policy", "unknown");
        long limit = before.reported(before.memcached() ? "limit_maxbytes" : "maxmemory").orElse(-1);
        long evicted = ServerInfo.sameRun(before, after)
                ? ServerStats.of(after).since(ServerStats.of(before)).evictedKeys() : -1;
        return new Eviction(policy, limit, evicted < 0 ? -1 : evicted);
    }

    /**
     * Whether the policy may evict a run's keys: every {@code allkeys-} policy and memcached's; a
     * {@code volatile-} policy only keys with a TTL ({@code keysExpire}); {@code noeviction} none.
     */
    public boolean mayEvict(boolean keysExpire) {
        return policy.startsWith("allkeys-") || "lru".equals(policy) || keysExpire && policy.startsWith("volatile-");
    }

    /**
     * Whether {@code missing} keys (more than none) are all accounted for by eviction: the policy
     * may evict the run's keys, and the server evicted at least as many over the run.
     */
    public boolean accountsFor(long missing, boolean keysExpire) {
        return missing > 0 && mayEvict(keysExpire) && evictedKeys >= missing;
    }
}
