package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.breakdown.CommandStats;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReadFrom;
import dev.metric.config.ReplicaChoice;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.JsonResults;
import dev.metric.report.ResultSchema;
import dev.metric.report.RunOrigin;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.run.RunRefusedException;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.ToLongBiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * mode2 reading from replicas ({@code --read-from}): the reads reach the replicas and not the
 * primary (as the servers count them), and a replica cut off from its primary mid-run is counted
 * as behind under --strict, not as losing the writes it never got.
 */
@ExtendWith(LocalRedisExtension.class)
class Mode2ReadFromIT {

    private static Mode2Config.Builder config(ClientLibrary library, LocalRedisServer primary, ReadFrom readFrom) {
        ClientSettings settings = new ClientSettings(primary.address(), 0, library == ClientLibrary.JEDIS ? 2 : 0,
                Duration.ofSeconds(2), Duration.ofSeconds(5));
        // One lane: two writes of a key never overlap, so every key's last write is known to --strict.
        return Mode2Config.builder(library, settings).threads(1).engine(EngineKind.THREADS)
                .data(DataSpec.standard(1024, 5))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(600, 900)).writeRatio(0.3)
                .duration(Duration.ofSeconds(2)).warmup(Duration.ZERO).strict(true).readFrom(readFrom)
                .progressInterval(Duration.ofMillis(200));
    }

    private static Mode2Result run(Mode2Config config, Consumer<String> progress) throws InterruptedException {
        return new Mode2Runner(config, new RunContext(true, progress, IntervalLog.NONE, new RunControl())).run();
    }

    /** The calls of each command {@code server} has counted so far. */
    private static CommandStats commandStats(LocalRedisServer server) {
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            return CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
        }
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void everyReadGoesToAReplicaAndEveryWriteToThePrimary(ClientLibrary library, RedisServers servers,
                                                         @TempDir Path directory) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(2);
        List<LocalRedisServer> all = List.of(set.primary(), set.replicas().get(0), set.replicas().get(1));
        Map<LocalRedisServer, CommandStats> before = new HashMap<>();
        all.forEach(server -> before.put(server, commandStats(server)));
        ToLongBiFunction<LocalRedisServer, String> calls = (server, command) -> commandStats(server)
                .callsSince(before.get(server), command);

        Mode2Result result = run(config(library, set.primary(), ReadFrom.REPLICAS).build(), line -> { });

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        PhaseResult measured = result.phases().measured();
        long gets = measured.figures(OpKind.GET_HIT).count() + measured.figures(OpKind.GET_MISS).count();
        long replicaGets = calls.applyAsLong(set.replicas().get(0), "get")
                + calls.applyAsLong(set.replicas().get(1), "get");
        assertTrue(gets > 1000, report);
        assertTrue(replicaGets >= gets, replicaGets + " GETs on the replicas, " + gets + " sent");
        // The run's own reads of its marker, before the traffic, are the primary's only GETs.
        long primaryGets = calls.applyAsLong(set.primary(), "get");
        assertTrue(primaryGets < 10, primaryGets + " GETs on the primary");
        assertTrue(calls.applyAsLong(set.primary(), "setex") >= measured.figures(OpKind.SETEX).count(),
                "writes to the primary");
        assertEquals(0, calls.applyAsLong(set.replicas().get(0), "setex"), "no write to a replica");
        StrictResult strict = result.strict();
        assertTrue(strict.replicaReads().judged() > 1000, report);
        assertEquals(0, strict.findings().keys(), report);
        assertTrue(report.contains("reads    every read to a replica, each lane's connection to one"), report);

        Path file = directory.resolve("result.json");
        JsonResults.write(result, RunOrigin.UNKNOWN, Percentiles.DEFAULT, file);
        JsonNode json = ResultSchema.assertValid(file);
        assertEquals("replicas", json.at("/config/readFrom").asText());
        assertEquals(strict.replicaReads().judged(), json.at("/strict/replicaReads/judged").asLong());
    }

    /**
     * The replica is pointed at a primary that is not there at the first progress line of the
     * traffic: it keeps serving what it has, and every write after that is missing from it.
     */
    @Test
    void aReplicaThatStoppedFollowingIsBehindNotLosingWrites(RedisServers servers) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(1);
        LocalRedisServer replica = set.replicas().get(0);
        AtomicBoolean cut = new AtomicBoolean();
        Mode2Config config = config(ClientLibrary.JEDIS, set.primary(), ReadFrom.REPLICAS)
                .replicas(ReplicaChoice.named(List.of(replica.address()), Duration.ofMillis(500))).build();

        Mode2Result result = run(config, line -> {
            if (line.startsWith("measure:") && cut.compareAndSet(false, true)) {
                try (Jedis jedis = new Jedis(replica.address().host(), replica.address().port())) {
                    jedis.replicaof("127.0.0.1", 1);
                }
            }
        });

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(cut.get(), report);
        StrictResult strict = result.strict();
        assertTrue(strict.replicaReads().behind() > 0, "reads of keys rewritten after the cut: " + report);
        assertTrue(strict.replicaReads().behind() <= strict.replicaReads().judged(), report);
        assertEquals(0, strict.findings().lostKeys(), "behind is not lost: " + report);
        assertEquals(0, strict.findings().staleKeys(), "nor stale: " + report);
        assertTrue(report.contains("found the replica without a write the primary had acknowledged before the read"
                + " (not replicated yet, not lost)"), report);
    }

    @Test
    void readsFromReplicasNeedReplicasAndTheThreadsEngine(RedisServers servers) throws Exception {
        LocalRedisServer alone = servers.start();
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.JEDIS, alone, ReadFrom.ANY).replicas(ReplicaChoice.NONE).build());
        assertTrue(none.getMessage().contains("readFrom reads from the replicas the run knows: not with replicas"),
                none.getMessage());
        RunRefusedException noReplica = assertThrows(RunRefusedException.class,
                () -> run(config(ClientLibrary.JEDIS, alone, ReadFrom.REPLICAS).build(), line -> { }));
        assertEquals("readFrom: the server lists no replica to read from in INFO replication (name them with"
                + " replica)", noReplica.getMessage());
        IllegalArgumentException loop = assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.LETTUCE, alone, ReadFrom.REPLICAS)
                        .engine(EngineKind.LOOP).build());
        assertTrue(loop.getMessage().contains("sends each lane's reads and writes on two connections"),
                loop.getMessage());
    }
}
