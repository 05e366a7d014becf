package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.result.Eviction;
import dev.metric.result.Faults;
import dev.metric.result.ReplicaLag;
import dev.metric.result.ServerView;
import dev.metric.search.SearchAnswer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Mode2ResultTest {

    /** A run whose --strict found {@code lostKeys} keys lost (by 9 reads) and a read stale, beside {@code eviction}. */
    private static Mode2Result strictFound(long lostKeys, Eviction eviction) {
        return strictFound(lostKeys, eviction, List.of());
    }

    private static Mode2Result strictFound(long lostKeys, Eviction eviction, List<CacheReplicaCheck> replicas) {
        ClientSettings settings = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
        Mode2Config config = Mode2Config.builder(ClientLibrary.JEDIS, settings).strict(true).build();
        StrictResult strict = new StrictResult(new StrictResult.Ledger(1024, 0, 0, 0), 500,
                new StrictResult.Findings(lostKeys, 9, 1, 1, 0, 0), 0, List.of(), new StrictResult.ReplicaReads(0, 0));
        return new Mode2Result(config, null, null, new Mode2Phases(null, null, SearchAnswer.none()), null, null,
                new ServerView(null, List.of(), eviction), Faults.NONE, strict, replicas);
    }

    @Test
    void keysLostWithinTheServersEvictionsAreEvictionNotLoss() {
        Mode2Result result = strictFound(6, new Eviction("volatile-lru", 1 << 20, 6));

        assertTrue(result.lostWereEvicted(), "mode2's keys have TTLs, which a volatile policy evicts");
        assertEquals(List.of("0 keys lost, 1 read stale, 0 returned after their TTL"), result.failures());
        assertEquals(1, result.summary().values().verificationFailures(), "the stale read; not the 9 misses");
    }

    @Test
    void moreKeysLostThanTheServerEvictedAreLoss() {
        Mode2Result result = strictFound(6, new Eviction("allkeys-lru", 1 << 20, 5));

        assertFalse(result.lostWereEvicted());
        assertEquals(List.of("6 keys lost (more than the 5 keys the server evicted), 1 read stale, 0 returned after"
                + " their TTL"), result.failures());
        assertEquals(10, result.summary().values().verificationFailures());
        assertEquals(List.of("6 keys lost, 1 read stale, 0 returned after their TTL"),
                strictFound(6, new Eviction("noeviction", 1 << 20, 0)).failures());
    }

    @Test
    void aReplicaThatLostDamagedOrDidNotCatchUpFailsTheRunButNotForKeysTheServerEvicted() {
        CacheReplicaCheck late = new CacheReplicaCheck("10.0.0.8:6379", new ReplicaLag(10, Double.NaN, "marker"), null);
        CacheReplicaCheck lost = new CacheReplicaCheck("10.0.0.9:6379", new ReplicaLag(0, 0.3, "marker"),
                new CacheReplicaCheck.KeysRead(1024, 1000, 1, 900, 4, 2, 0, List.of()));
        CacheReplicaCheck evictedOnly = new CacheReplicaCheck("10.0.0.10:6379", new ReplicaLag(0, 0.2, "marker"),
                new CacheReplicaCheck.KeysRead(1024, 1020, 0, 1000, 4, 0, 0, List.of()));

        Mode2Result result = strictFound(0, new Eviction("allkeys-lru", 1 << 20, 4), List.of(late, lost, evictedOnly));

        String primary = "0 keys lost, 1 read stale, 0 returned after their TTL";
        assertEquals(List.of(primary, "replica 10.0.0.8:6379 did not catch up within 60 s", "replica 10.0.0.9:6379: 1"
                + " values damaged, 0 keys lost, 2 stale, 0 returned after their TTL"), result.failures());
        assertEquals(List.of(primary, "replica 10.0.0.9:6379: 1 values damaged, 4 keys lost, 2 stale, 0 returned"
                        + " after their TTL", "replica 10.0.0.10:6379: 0 values damaged, 4 keys lost, 0 stale, 0"
                        + " returned after their TTL"),
                strictFound(0, new Eviction("allkeys-lru", 1 << 20, 3), List.of(lost, evictedOnly)).failures());
    }
}
