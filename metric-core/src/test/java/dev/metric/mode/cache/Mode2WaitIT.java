package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.breakdown.CommandStats;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReplicaChoice;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.JsonResults;
import dev.metric.report.ResultSchema;
import dev.metric.report.RunOrigin;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.result.WriteAcks;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * mode2 with WAIT after every write, on a primary with one replica: every write's WAIT is sent
 * (the server counts them), and what each answered is counted, as asked of one replica and of more
 * replicas than there are.
 */
@ExtendWith(LocalRedisExtension.class)
class Mode2WaitIT {

    private static LocalRedisServer primary;

    @BeforeAll
    static void startReplica(RedisServers servers) throws Exception {
        primary = servers.primaryWithReplicas(1).primary();
    }

    private static Mode2Config.Builder config(ClientLibrary library, int database, WriteWait wait) {
        ClientSettings settings = new ClientSettings(primary.address(), database,
                library == ClientLibrary.JEDIS ? 2 : 0, Duration.ofSeconds(2), Duration.ofSeconds(2));
        return Mode2Config.builder(library, settings).threads(2).data(DataSpec.standard(1024, 3))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(600, 900)).writeRatio(0.5)
                .duration(Duration.ofSeconds(1)).warmup(Duration.ZERO).replicas(ReplicaChoice.NONE)
                .progressInterval(Duration.ofSeconds(10)).writeWait(wait);
    }

    private static Mode2Result run(Mode2Config config) throws InterruptedException {
        return new Mode2Runner(config, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
    }

    /** The calls of each command the server has counted so far. */
    private static CommandStats commandStats(Jedis jedis) {
        return CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void everyWriteIsFollowedByAWaitOnItsConnection(ClientLibrary library, @TempDir Path directory)
            throws Exception {
        Mode2Result result;
        long counted;
        try (Jedis jedis = new Jedis(primary.address().host(), primary.address().port())) {
            CommandStats before = commandStats(jedis);
            result = run(config(library, library == ClientLibrary.JEDIS ? 1 : 2,
                    new WriteWait(1, Duration.ofMillis(500))).build());
            counted = commandStats(jedis).callsSince(before, "wait");
        }

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        PhaseResult measured = result.phases().measured();
        long writes = measured.figures(OpKind.SETEX).count() + measured.figures(OpKind.REFILL).count();
        long waits = measured.figures(OpKind.WAIT).count();
        assertTrue(writes > 0, report);
        assertEquals(writes, waits, "one WAIT per write: " + report);
        assertEquals(waits, counted, "the server got each of them");
        WriteAcks acks = measured.answers().writeAcks();
        assertEquals(List.of(0L, waits), acks.byReplicas(), "the one replica had every write: " + report);
        assertEquals(measured.all().count(), measured.figures(OpKind.GET_HIT).count()
                + measured.figures(OpKind.GET_MISS).count() + writes, "WAITs are not in all operations");
        assertTrue(report.contains(String.format("wait     WAIT 1 500 after each write: %,d answered; the write was on"
                + " at least 1 replica for %,d\n", waits, waits)), report);

        Path file = directory.resolve("result.json");
        JsonResults.write(result, RunOrigin.UNKNOWN, Percentiles.DEFAULT, file);
        JsonNode json = ResultSchema.assertValid(file);
        assertEquals(1, json.at("/config/writeWait/replicas").asInt());
        assertEquals(waits, json.at("/measured/writeAcks/byReplicas/1").asLong());
    }

    @Test
    void aWaitForMoreReplicasThanThereAreFallsShortWhenItsTimeoutRunsOut() throws Exception {
        Mode2Result result = run(config(ClientLibrary.JEDIS, 3, new WriteWait(2, Duration.ofMillis(50))).build());

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        WriteAcks acks = result.phases().measured().answers().writeAcks();
        long waits = result.phases().measured().figures(OpKind.WAIT).count();
        assertTrue(waits > 0, report);
        // WAIT answers the replicas that had acknowledged the write when its timeout ran out: the one
        // replica, or none if its acknowledgement had not come yet; never the two asked for.
        assertEquals(3, acks.byReplicas().size(), report);
        assertEquals(waits, acks.answered(), "every WAIT's answer counted: " + report);
        assertEquals(0, acks.reachedAll(), report);
        assertTrue(report.contains("the write was on at least 2 replicas for 0, on "), report);
        assertTrue(report.contains(String.format("; %,d fell short when WAIT's 50 ms ran out", waits)), report);
    }

    @Test
    void aShareOfTheWritesIsFollowedByAWaitEach() throws Exception {
        Mode2Result result;
        long counted;
        try (Jedis jedis = new Jedis(primary.address().host(), primary.address().port())) {
            CommandStats before = commandStats(jedis);
            result = run(config(ClientLibrary.JEDIS, 5, new WriteWait(1, Duration.ofMillis(500), 0.25)).build());
            counted = commandStats(jedis).callsSince(before, "wait");
        }

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        PhaseResult measured = result.phases().measured();
        long writes = measured.figures(OpKind.SETEX).count() + measured.figures(OpKind.REFILL).count();
        long waits = measured.figures(OpKind.WAIT).count();
        assertTrue(waits > 0 && waits < writes, waits + " WAITs after " + writes + " writes: " + report);
        assertEquals(waits, counted, "the server got each of them");
        assertEquals(waits, measured.answers().writeAcks().answered(), report);
        assertTrue(report.contains("after 25.00% of the writes (--wait-ratio)"), report);
    }

    @Test
    void aWaitThatCannotGoOnItsWritesConnectionIsRefused() {
        IllegalArgumentException pool = assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.JEDIS, 4, new WriteWait(1, Duration.ofMillis(500))).threads(3).build());
        assertTrue(pool.getMessage().contains("give a poolSize of at least one per lane (3), not 2"),
                pool.getMessage());
        IllegalArgumentException timeout = assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.LETTUCE, 4, new WriteWait(1, Duration.ofSeconds(2))).build());
        assertTrue(timeout.getMessage().contains("WAIT may block for 2000 ms, not less than the client's"
                + " commandTimeout of 2000 ms"), timeout.getMessage());
    }
}
