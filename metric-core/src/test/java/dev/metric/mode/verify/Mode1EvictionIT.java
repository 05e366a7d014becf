package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReplicaChoice;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Eviction;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** mode1 on a server that evicts under its memory limit: keys it evicted are told apart from keys lost. */
@ExtendWith(LocalRedisExtension.class)
class Mode1EvictionIT {

    /** About 5 MB of keys and values: more than twice the server's limit. */
    private static final int KEYS = 4096;
    private static final long SEED = 31;

    private static LocalRedisServer server;

    @BeforeAll
    static void startAServerThatEvicts(RedisServers servers) throws Exception {
        server = servers.start("--maxmemory", "2mb", "--maxmemory-policy", "allkeys-lru");
    }

    /**
     * A run on a server emptied first: its evictions count every database's keys, and the keys of
     * an earlier test would be evicted beside this run's.
     */
    private static Mode1Result run(ClientLibrary library, int database, Consumer<String> progress)
            throws InterruptedException {
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.flushAll();
        }
        ClientSettings settings = new ClientSettings(server.address(), database, 2, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        Mode1Config config = Mode1Config.builder(library, settings).threads(2).data(DataSpec.standard(KEYS, SEED))
                .reads(3000).warmupReads(0).flush(FlushPolicy.ALWAYS).replicas(ReplicaChoice.NONE)
                .progressInterval(Duration.ofSeconds(10)).build();
        return new Mode1Runner(config, new RunContext(true, progress, IntervalLog.NONE, new RunControl())).run();
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void keysTheServerEvictedAreEvictionNotLoss(ClientLibrary library) throws Exception {
        Mode1Result result = run(library, library == ClientLibrary.JEDIS ? 1 : 2, line -> { });

        Eviction eviction = result.serverView().eviction();
        long missing = result.everyKey().losses().missing();
        assertEquals("allkeys-lru", eviction.policy());
        assertEquals(2L << 20, eviction.maxmemoryBytes());
        assertTrue(missing > 0, "a data set twice the limit does not fit: " + result.everyKey());
        assertTrue(eviction.evictedKeys() >= missing, eviction + " for " + missing + " missing");
        assertEquals(KEYS - missing, result.everyKey().intact(), "nothing damaged, only missing");
        assertTrue(result.passed(), String.valueOf(result.failures()));
        String report = Mode1Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains(String.format("evicted  %,d keys missing, every one accounted for by the %,d keys"
                + " the server evicted over the run (maxmemory-policy allkeys-lru, maxmemory 2,097,152 bytes):"
                + " eviction, not loss", missing, eviction.evictedKeys())), report);
        assertTrue(report.contains("result   every key intact or evicted by the server"), report);
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void keysMissingBeyondTheEvictionsAreLost(ClientLibrary library) throws Exception {
        int database = library == ClientLibrary.JEDIS ? 3 : 4;
        DataSet data = DataSet.standard(SEED, KEYS);
        int[] deleted = {0};
        Consumer<String> deleteFiveAfterTheLoad = line -> {
            if (!line.startsWith("verify:")) {
                return;
            }
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(database);
                for (int index = 0; deleted[0] < 5; index++) {
                    deleted[0] += (int) jedis.del(data.key(index));
                }
            }
        };

        Mode1Result result = run(library, database, deleteFiveAfterTheLoad);

        Eviction eviction = result.serverView().eviction();
        long missing = result.everyKey().losses().missing();
        assertEquals(5, deleted[0]);
        assertTrue(missing > eviction.evictedKeys(), eviction + " for " + missing + " missing");
        assertFalse(result.passed());
        assertEquals(String.format("%,d of %,d keys not intact (%,d missing, more than the %,d keys the server"
                + " evicted)", missing, KEYS, missing, eviction.evictedKeys()), result.failures().get(1));
        assertTrue(Mode1Report.render(result, Percentiles.DEFAULT).contains(" keys were lost"));
    }
}
