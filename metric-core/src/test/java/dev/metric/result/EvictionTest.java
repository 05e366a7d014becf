package dev.metric.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.server.ServerInfo;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvictionTest {

    private static ServerInfo redis(String runId, String policy, long evicted) {
        return ServerInfo.parse("run_id:" + runId + "\nmaxmemory:2097152\nmaxmemory_policy:" + policy
                + "\nevicted_keys:" + evicted + "\n");
    }

    @Test
    void theServersEvictionsOverTheRunWithItsPolicyAndLimit() {
        assertEquals(new Eviction("allkeys-lru", 2097152, 340),
                Eviction.between(redis("a", "allkeys-lru", 10), redis("a", "allkeys-lru", 350)));
        assertEquals(-1, Eviction.between(redis("a", "allkeys-lru", 10), redis("b", "allkeys-lru", 3)).evictedKeys(),
                "a restart started the count over");
        assertEquals(-1, Eviction.between(redis("a", "allkeys-lru", 10), null).evictedKeys());
        assertEquals(Eviction.UNKNOWN, Eviction.between(null, null));
        ServerInfo before = ServerInfo.ofMemcached(Map.of("pid", "7", "time", "100", "uptime", "10",
                "limit_maxbytes", "67108864", "evictions", "4"));
        ServerInfo after = ServerInfo.ofMemcached(Map.of("pid", "7", "time", "130", "uptime", "40",
                "limit_maxbytes", "67108864", "evictions", "9"));
        Eviction memcached = Eviction.between(before, after);
        assertEquals(new Eviction("lru", 67108864, 5), memcached);
    }

    @Test
    void missingKeysAreAccountedForOnlyUnderAPolicyThatEvictsThemAndUpToTheEvictions() {
        Eviction allKeys = new Eviction("allkeys-lfu", 1 << 20, 12);
        assertTrue(allKeys.accountsFor(12, false));
        assertFalse(allKeys.accountsFor(13, false), "more missing than evicted");
        assertFalse(allKeys.accountsFor(0, false), "nothing missing needs no account");

        Eviction volatileKeys = new Eviction("volatile-ttl", 1 << 20, 12);
        assertFalse(volatileKeys.accountsFor(3, false), "keys without a TTL are never evicted by a volatile policy");
        assertTrue(volatileKeys.accountsFor(3, true));

        assertFalse(new Eviction("noeviction", 1 << 20, 12).accountsFor(3, true));
        assertFalse(new Eviction("allkeys-lru", 1 << 20, -1).accountsFor(3, false), "evictions unknown");
    }
}
