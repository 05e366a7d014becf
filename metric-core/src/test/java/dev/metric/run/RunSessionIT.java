package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.ClientLanes;
import dev.metric.config.FlushPolicy;
import dev.metric.config.RunConfig;
import dev.metric.record.IntervalLog;
import dev.metric.result.RunHeader;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

@ExtendWith(LocalRedisExtension.class)
class RunSessionIT {

    private static final DataSet DATA = DataSet.standard(1, 10);
    private static final RunSession.Keys FLUSH_OURS = new RunSession.Keys(OwnKeys.of(DATA),
            FlushPolicy.UNLESS_FOREIGN_KEYS, true);

    /** The header counts the keys found before the flush, and closing the session closes every connection it opened. */
    @Test
    void aSessionCountsTheKeysBeforeItAndClosesWhatItOpened(RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        try (Jedis jedis = jedis(server)) {
            jedis.set(DATA.key(0), DATA.value(0));
            jedis.set(DATA.key(1), DATA.value(1));
        }
        List<String> progress = new ArrayList<>();
        RunHeader header;
        try (RunSession session = RunSession.open(config(server, 3), context(progress), settings(server), 1,
                new RunSession.Keys(OwnKeys.of(DATA), FlushPolicy.ALWAYS, true), RunSession.ServerCheck.NONE)) {
            header = session.header();
            try (Jedis jedis = jedis(server)) {
                assertEquals(List.of(OwnKeys.of(DATA).markerName()), List.copyOf(jedis.keys("*")),
                        "flushed, then marked as metric's");
            }
        }
        assertEquals(2, header.keysBefore());
        assertEquals(server.address(), header.address());
        awaitNoConnections(server);
    }

    /** A check that refuses the run refuses it before anything is deleted, and leaves no connection open. */
    @Test
    void aRefusingCheckDeletesNothingAndLeavesNoConnection(RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        try (Jedis jedis = jedis(server)) {
            jedis.set(DATA.key(0), DATA.value(0));
        }
        IllegalStateException refusal = new IllegalStateException("refused by the mode's check");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> RunSession.open(
                config(server, 2), context(new ArrayList<>()), settings(server), 1,
                new RunSession.Keys(OwnKeys.of(DATA), FlushPolicy.ALWAYS, true), (admin, info) -> {
                    throw refusal;
                }));
        assertSame(refusal, thrown);
        awaitNoConnections(server);
        try (Jedis jedis = jedis(server)) {
            assertEquals(1, jedis.dbSize(), "the flush was never sent");
        }
    }

    /** A housekeeping that refuses to flush a user's keys leaves no connection open either. */
    @Test
    void aRefusedFlushLeavesNoConnection(RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        try (Jedis jedis = jedis(server)) {
            jedis.set("user:1", "precious");
        }
        assertThrows(RunRefusedException.class, () -> RunSession.open(config(server, 2), context(new ArrayList<>()),
                settings(server), 1, FLUSH_OURS, RunSession.ServerCheck.NONE));
        awaitNoConnections(server);
        try (Jedis jedis = jedis(server)) {
            assertEquals("precious", jedis.get("user:1"));
        }
    }

    private static RunConfig config(LocalRedisServer server, int threads) {
        ClientLanes lanes = new ClientLanes(ClientLibrary.JEDIS, settings(server), threads, 1, EngineKind.THREADS, 1);
        return () -> lanes;
    }

    private static ClientSettings settings(LocalRedisServer server) {
        return new ClientSettings(server.address(), 0, 1, Duration.ofSeconds(2), Duration.ofSeconds(5));
    }

    private static RunContext context(List<String> progress) {
        return new RunContext(false, progress::add, IntervalLog.NONE, new RunControl());
    }

    private static Jedis jedis(LocalRedisServer server) {
        return new Jedis(server.address().host(), server.address().port());
    }

    /**
     * Returns once the server holds no client connection but the one asking: a closed socket leaves
     * its list when the server has read the close, soon after; a connection left open never does,
     * and fails the test once the minute it is given is out.
     */
    private static void awaitNoConnections(LocalRedisServer server) throws InterruptedException {
        try (Jedis jedis = jedis(server)) {
            for (int look = 0; look < 6_000; look++) {
                List<String> others = jedis.clientList().lines().filter(line -> !line.contains(" cmd=client|list "))
                        .toList();
                if (others.isEmpty()) {
                    return;
                }
                Thread.sleep(10);
            }
            fail("connections left open: " + jedis.clientList());
        }
    }
}
