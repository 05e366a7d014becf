package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import dev.metric.run.RunRefusedException;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** mode1 on a primary with two replicas: every key read back on each replica, and a replica's losses counted. */
@ExtendWith(LocalRedisExtension.class)
class Mode1ReplicasIT {

    private static final int KEYS = 2048;
    private static final long SEED = 23;

    private static LocalRedisServer primary;
    private static LocalRedisServer first;
    private static LocalRedisServer second;
    private final List<String> progress = new ArrayList<>();

    @BeforeAll
    static void startReplicas(RedisServers servers) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(2);
        primary = set.primary();
        first = set.replicas().get(0);
        second = set.replicas().get(1);
    }

    private static Mode1Config config(ClientLibrary library, int database, boolean skipLoad, ReplicaChoice replicas) {
        ClientSettings settings = new ClientSettings(primary.address(), database, 4, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        return Mode1Config.builder(library, settings).threads(2).data(DataSpec.standard(KEYS, SEED)).reads(2000)
                .warmupReads(100).flush(skipLoad ? FlushPolicy.NEVER : FlushPolicy.ALWAYS).skipLoad(skipLoad)
                .replicas(replicas).progressInterval(Duration.ofSeconds(10)).build();
    }

    private Mode1Result run(Mode1Config config) throws InterruptedException {
        return new Mode1Runner(config, new RunContext(true, progress::add, IntervalLog.NONE, new RunControl())).run();
    }

    private static ReplicaCheck on(Mode1Result result, LocalRedisServer replica) {
        return result.readBack().replicas().stream()
                .filter(check -> check.replica().equals(replica.address().toString())).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void everyKeyIsReadBackOnEachReplicaThePrimaryLists(ClientLibrary library, @TempDir Path directory)
            throws Exception {
        int database = library == ClientLibrary.JEDIS ? 1 : 2;
        Mode1Result result = run(config(library, database, false, ReplicaChoice.FOUND));

        assertTrue(result.passed(), String.valueOf(result.failures()));
        assertEquals(Set.of(first.address().toString(), second.address().toString()),
                result.readBack().replicas().stream().map(ReplicaCheck::replica).collect(Collectors.toSet()));
        for (LocalRedisServer replica : List.of(first, second)) {
            ReplicaCheck check = on(result, replica);
            assertTrue(check.lag().caughtUp(), check.toString());
            assertEquals("marker", check.lag().measuredBy(), "the run's marker is metric's, so it is rewritten");
            assertTrue(check.lag().bytesBehind() >= 0, check.toString());
            assertEquals(KEYS, check.everyKey().keys());
            assertEquals(KEYS, check.everyKey().intact());
            assertEquals(KEYS, check.everyKey().latency().count(), "each key read once on the replica");
        }
        String report = Mode1Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains("every key intact on the primary and on its 2 replicas"), report);
        assertTrue(report.contains("| every key once, replica " + first.address() + " |"), report);
        assertTrue(progress.stream().anyMatch(line -> line.startsWith("replicas: waiting for 2 replicas")));
        Path file = directory.resolve("mode1.json");
        JsonResults.write(result, RunOrigin.UNKNOWN, Percentiles.DEFAULT, file);
        JsonNode json = ResultSchema.assertValid(file);
        assertTrue(json.at("/config/replicas/found").asBoolean());
        assertEquals(2, json.at("/replicas").size());
        assertEquals(KEYS, json.at("/replicas/1/everyKey/intact").asLong());
        assertEquals("marker", json.at("/replicas/0/measuredBy").asText());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aReplicaThatLostWritesIsCountedKeyByKey(ClientLibrary library) throws Exception {
        int database = library == ClientLibrary.JEDIS ? 3 : 4;
        assertTrue(run(config(library, database, false, ReplicaChoice.FOUND)).passed());
        DataSet data = DataSet.standard(SEED, KEYS);
        try (Jedis replica = new Jedis(second.address().host(), second.address().port())) {
            replica.configSet("replica-read-only", "no");
            try {
                replica.select(database);
                replica.del(data.key(5));
                replica.set(data.key(7), data.value(8));
                byte[] value = data.value(9);
                replica.set(data.key(9), Arrays.copyOf(value, value.length - 1));
            } finally {
                replica.configSet("replica-read-only", "yes");
            }
        }

        Mode1Result result = run(config(library, database, true, ReplicaChoice.FOUND));

        assertFalse(result.passed());
        assertTrue(result.everyKey().allIntact(), "the primary kept every key");
        assertTrue(on(result, first).everyKey().allIntact());
        EveryKeyResult lost = on(result, second).everyKey();
        assertEquals(KEYS - 3, lost.intact());
        assertEquals(1, lost.losses().missing());
        assertEquals(1, lost.losses().otherKey());
        assertEquals(1, lost.losses().wrongLength());
        assertEquals(0, lost.losses().wrongBytes());
        assertEquals(List.of("3 of 2,048 keys not intact on replica " + second.address()), result.failures());
        assertEquals(3, result.summary().values().verificationFailures(), "the replica's losses are the run's");
        List<String> header = Mode1Csv.table(Percentiles.DEFAULT).header();
        List<String> row = Mode1Csv.row(result, Percentiles.DEFAULT);
        assertEquals("2", row.get(header.indexOf("replicas")));
        assertEquals("2", row.get(header.indexOf("replicas_read")));
        assertEquals("3", row.get(header.indexOf("replica_keys_not_intact")), "the CSV counts the replica's losses");
    }

    @Test
    void onlyTheReplicasNamedAreReadAndNoneWithoutTheCheckOfEveryKey() throws Exception {
        Mode1Result named = run(config(ClientLibrary.JEDIS, 5, false,
                ReplicaChoice.named(List.of(first.address()), Duration.ofSeconds(30))));
        assertTrue(named.passed(), String.valueOf(named.failures()));
        assertEquals(List.of(first.address().toString()),
                named.readBack().replicas().stream().map(ReplicaCheck::replica).toList());

        Mode1Result none = run(config(ClientLibrary.JEDIS, 5, true, ReplicaChoice.FOUND).toBuilder().verifyAll(false)
                .build());
        assertTrue(none.passed());
        assertNull(none.everyKey());
        assertTrue(none.readBack().replicas().isEmpty());
    }

    @Test
    void aServerThatIsNoReplicaOfThePrimaryIsRefusedBeforeAnythingIsWritten(RedisServers servers) throws Exception {
        ReplicaChoice itself = ReplicaChoice.named(List.of(primary.address()), Duration.ofSeconds(5));
        RunRefusedException notAReplica = assertThrows(RunRefusedException.class,
                () -> run(config(ClientLibrary.JEDIS, 6, false, itself)));
        assertEquals("replica " + primary.address() + " is not a replica: its role is master",
                notAReplica.getMessage());

        RedisServers.Replicated others = servers.primaryWithReplicas(1);
        LocalRedisServer other = others.primary();
        LocalRedisServer othersReplica = others.replicas().get(0);
        RunRefusedException elsewhere = assertThrows(RunRefusedException.class, () -> run(config(
                ClientLibrary.JEDIS, 6, false, ReplicaChoice.named(List.of(othersReplica.address()),
                        Duration.ofSeconds(5)))));
        assertEquals("replica " + othersReplica.address() + " is a replica of " + other.address() + ", not of "
                + primary.address() + " (their replication ids differ)", elsewhere.getMessage());
        try (Jedis jedis = new Jedis(primary.address().host(), primary.address().port())) {
            jedis.select(6);
            assertEquals(0, jedis.dbSize(), "refused before the flush and the load");
        }
    }
}
