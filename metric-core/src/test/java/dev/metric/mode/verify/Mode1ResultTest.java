package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.ReplicaChoice;
import dev.metric.result.Eviction;
import dev.metric.result.Faults;
import dev.metric.result.ReplicaLag;
import dev.metric.result.ServerView;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Mode1ResultTest {

    @Test
    void aReplicaThatDidNotCatchUpFailsTheRunAndCountsNoKey() {
        ClientSettings settings = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
        Mode1Config config = Mode1Config.builder(ClientLibrary.JEDIS, settings)
                .replicas(new ReplicaChoice(true, List.of(), Duration.ofSeconds(45))).build();
        ReplicaCheck late = new ReplicaCheck("10.0.0.9:6379", new ReplicaLag(4096, Double.NaN, "marker"), null);
        VerifyResult reads = new VerifyResult(1, new VerifyResult.Reads(10, 1, 10, 0), null, null, null,
                new VerifyResult.Warmup(0, 0), new VerifyResult.Failures(0, null, 0, List.of(), 0, 0), 0);

        Mode1Result result = new Mode1Result(config, null, 0, null, reads, new Mode1Result.ReadBack(null,
                List.of(late)), null, new ServerView(null, List.of(), Eviction.UNKNOWN), Faults.NONE, null);

        assertEquals(List.of("the check of every key did not run", "replica 10.0.0.9:6379 did not catch up within"
                + " 45 s"), result.failures());
    }

    private static Mode1Result withMissingKeys(long missingKeys, long missingReads, Eviction eviction) {
        ClientSettings settings = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
        Mode1Config config = Mode1Config.builder(ClientLibrary.JEDIS, settings).replicas(ReplicaChoice.NONE).build();
        VerifyResult reads = new VerifyResult(1, new VerifyResult.Reads(10, 1, 10, 0), null, null, null,
                new VerifyResult.Warmup(0, 0), new VerifyResult.Failures(0, null, missingReads, List.of(), 0,
                missingReads), 0);
        EveryKeyResult everyKey = new EveryKeyResult(100, 100, 100 - missingKeys, new EveryKeyResult.Losses(
                missingKeys, 0, 0, 0, 0), 0, null, List.of(), new EveryKeyResult.Pace(1, 100, 0), null);
        return new Mode1Result(config, null, 0, null, reads, new Mode1Result.ReadBack(everyKey, List.of()), null,
                new ServerView(null, List.of(), eviction), Faults.NONE, null);
    }

    @Test
    void keysMissingWithinTheServersEvictionsAreEvictionNotLoss() {
        Mode1Result evicted = withMissingKeys(5, 7, new Eviction("allkeys-lru", 1 << 20, 6));

        assertEquals(List.of(), evicted.failures(), "the random reads of those keys found them missing too");
        assertEquals(0, evicted.summary().values().verificationFailures());
    }

    @Test
    void moreKeysMissingThanTheServerEvictedFailAsLoss() {
        assertEquals(List.of("7 mismatches", "5 of 100 keys not intact (5 missing, more than the 4 keys the server"
                + " evicted)"), withMissingKeys(5, 7, new Eviction("allkeys-lru", 1 << 20, 4)).failures());
        assertEquals(List.of("7 mismatches", "5 of 100 keys not intact"),
                withMissingKeys(5, 7, new Eviction("volatile-lru", 1 << 20, 50)).failures(),
                "a volatile policy never evicts mode1's keys, which have no TTL");
        assertEquals(List.of("7 mismatches", "5 of 100 keys not intact"),
                withMissingKeys(5, 7, new Eviction("noeviction", 1 << 20, 0)).failures());
    }
}
