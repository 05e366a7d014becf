package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReplicaChoice;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.JsonResults;
import dev.metric.report.ResultSchema;
import dev.metric.report.RunOrigin;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import dev.metric.workload.VersionedValues;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** mode2 on a primary with two replicas: every key read back on each at the end, judged under --strict. */
@ExtendWith(LocalRedisExtension.class)
class Mode2ReplicasIT {

    private static final int KEYS = 2048;
    private static final long SEED = 41;

    private static LocalRedisServer primary;
    private static LocalRedisServer first;
    private static LocalRedisServer second;

    @BeforeAll
    static void startReplicas(RedisServers servers) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(2);
        primary = set.primary();
        first = set.replicas().get(0);
        second = set.replicas().get(1);
    }

    private static Mode2Result run(ClientLibrary library, int database, Consumer<String> progress)
            throws InterruptedException {
        ClientSettings settings = new ClientSettings(primary.address(), database, 2, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        // One lane: two writes of a key never overlap, so every key's last write is known to --strict.
        Mode2Config config = Mode2Config.builder(library, settings).threads(1).data(DataSpec.standard(KEYS, SEED))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(600, 900)).writeRatio(0.2).duration(Duration.ofSeconds(1))
                .warmup(Duration.ZERO).strict(true).replicas(ReplicaChoice.FOUND)
                .progressInterval(Duration.ofSeconds(10)).build();
        return new Mode2Runner(config, new RunContext(true, progress, IntervalLog.NONE, new RunControl())).run();
    }

    private static CacheReplicaCheck on(Mode2Result result, LocalRedisServer replica) {
        return result.replicas().stream().filter(check -> check.replica().equals(replica.address().toString()))
                .findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void everyKeyOfEachReplicaIsJudgedAgainstTheAcknowledgedWrites(ClientLibrary library, @TempDir Path directory)
            throws Exception {
        Mode2Result result = run(library, library == ClientLibrary.JEDIS ? 1 : 2, line -> { });

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        assertEquals(2, result.replicas().size(), report);
        for (LocalRedisServer replica : List.of(first, second)) {
            CacheReplicaCheck check = on(result, replica);
            assertTrue(check.lag().caughtUp(), report);
            assertEquals(KEYS, check.read().keys());
            assertEquals(KEYS, check.read().present(), "TTLs of 10 minutes: every key is there");
            assertEquals(KEYS, check.read().judged(), "every key's last write was acknowledged before the read");
            assertEquals(0, check.read().damaged() + check.read().lost() + check.read().stale()
                    + check.read().expired(), report);
        }
        assertTrue(report.contains("replica  " + first.address() + ": caught up "), report);
        assertTrue(report.contains(String.format("every key once: %,d of %,d keys there, 0 values damaged; %,d judged"
                + " against their last acknowledged write: 0 lost, 0 stale, 0 returned after their TTL", KEYS, KEYS,
                KEYS)), report);
        Path file = directory.resolve("mode2.json");
        JsonResults.write(result, RunOrigin.UNKNOWN, Percentiles.DEFAULT, file);
        JsonNode json = ResultSchema.assertValid(file);
        assertEquals(KEYS, json.at("/replicas/0/read/judged").asLong());
        assertTrue(json.at("/config/replicas/found").asBoolean());
        assertEquals(0, json.at("/eviction/evictedKeys").asLong());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aReplicaThatLostAndDamagedKeysIsCountedExactly(ClientLibrary library) throws Exception {
        int database = library == ClientLibrary.JEDIS ? 3 : 4;
        VersionedValues values = new VersionedValues(new DataSet(DataSpec.standard(KEYS, SEED)));
        Consumer<String> plantOnTheSecondAsTheWaitBegins = line -> {
            if (!line.startsWith("replicas: waiting")) {
                return;
            }
            try (Jedis replica = new Jedis(second.address().host(), second.address().port())) {
                replica.configSet("replica-read-only", "no");
                try {
                    replica.select(database);
                    replica.del(values.dataSet().key(5));
                    replica.set(values.dataSet().key(7), values.value(8, 0));
                } finally {
                    replica.configSet("replica-read-only", "yes");
                }
            }
        };

        Mode2Result result = run(library, database, plantOnTheSecondAsTheWaitBegins);

        assertFalse(result.passed());
        CacheReplicaCheck lost = on(result, second);
        assertEquals(KEYS - 1, lost.read().present());
        assertEquals(1, lost.read().damaged());
        assertEquals(1, lost.read().lost());
        assertEquals(0, lost.read().stale() + lost.read().expired());
        CacheReplicaCheck intact = on(result, first);
        assertEquals(0, intact.read().damaged() + intact.read().lost());
        assertEquals(List.of("replica " + second.address() + ": 1 values damaged, 1 keys lost, 0 stale, 0 returned"
                + " after their TTL"), result.failures());
        assertEquals(0, result.strict().findings().lostKeys(), "the primary's own reads found nothing");
    }
}
