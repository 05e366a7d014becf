package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Eviction;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** mode2 --strict on a server that evicts: the keys it found lost are the server's evictions, not loss. */
@ExtendWith(LocalRedisExtension.class)
class Mode2EvictionIT {

    /** About 5 MB of keys and values: more than twice the server's limit. */
    private static final int KEYS = 4096;

    private static LocalRedisServer server;

    @BeforeAll
    static void startAServerThatEvictsKeysWithATtl(RedisServers servers) throws Exception {
        server = servers.start("--maxmemory", "2mb", "--maxmemory-policy", "volatile-lru");
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void keysStrictFindsLostAreTheServersEvictions(ClientLibrary library) throws Exception {
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.flushAll();
        }
        ClientSettings settings = new ClientSettings(server.address(), 1, 2, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        Mode2Config config = Mode2Config.builder(library, settings).threads(2).data(DataSpec.standard(KEYS, 5))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(600, 900)).writeRatio(0.1).duration(Duration.ofSeconds(2))
                .warmup(Duration.ZERO).strict(true).progressInterval(Duration.ofSeconds(10)).build();

        Mode2Result result = new Mode2Runner(config, new RunContext(true, line -> { }, IntervalLog.NONE,
                new RunControl())).run();

        Eviction eviction = result.serverView().eviction();
        long lost = result.strict().findings().lostKeys();
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertEquals("volatile-lru", eviction.policy());
        assertTrue(lost > 0, "keys with a TTL of 10 minutes are missing only when evicted: " + report);
        assertTrue(eviction.evictedKeys() >= lost, report);
        assertTrue(result.lostWereEvicted());
        assertTrue(result.passed(), report);
        assertTrue(report.contains(String.format("evicted  %,d keys lost, every one accounted for by the %,d keys the"
                + " server evicted over the run (maxmemory-policy volatile-lru, maxmemory 2,097,152 bytes): eviction,"
                + " not loss", lost, eviction.evictedKeys())), report);
    }
}
