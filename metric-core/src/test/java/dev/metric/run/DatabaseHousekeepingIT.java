package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerAdmin;
import dev.metric.settings.Setting;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

@ExtendWith(LocalRedisExtension.class)
class DatabaseHousekeepingIT {

    private static final int DB = 4;
    private static final int OTHER_DB = 5;
    private static final DataSet DATA = DataSet.standard(1, 2500);
    private static final OwnKeys OWN = OwnKeys.of(DATA);

    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    /** Db 4: a run's 2,500 keys, its marker, and two of a user's; db 5: a key of each kind too. */
    @BeforeEach
    void fill() {
        try (Jedis jedis = jedis(DB)) {
            jedis.flushAll();
            writeRun(jedis, DATA, OWN);
            jedis.set("user:1", "precious");
            jedis.set("user:2", "precious");
            jedis.select(OTHER_DB);
            jedis.set(DATA.key(0), DATA.value(0));
            jedis.set("user:other-db", "v");
        }
    }

    @Test
    void flushRefusesOnADatabaseWithKeysMetricDidNotWriteAndDeletesNothing() {
        List<String> progress = new ArrayList<>();
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            progress::add));
            assertTrue(refused.getMessage().contains("holds 2 keys metric did not write (of 2,503; not of the shape"
                    + " metric writes under 'metric:'); nothing was deleted"), refused.getMessage());
            assertTrue(refused.settingMessage().parts().contains(Setting.CONFIRM_FLUSH), refused.getMessage());
            assertEquals(2503, admin.dbSize());
        }
        assertEquals(List.of(), progress);
    }

    @Test
    void confirmedFlushEmptiesTheSelectedDatabaseOnlyAndTheRunMarksItBeforeWriting() {
        try (ServerAdmin admin = admin()) {
            assertEquals(2503, DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.ALWAYS, true, line -> { }));
            assertEquals(1, admin.dbSize());
        }
        try (Jedis jedis = jedis(DB)) {
            assertTrue(jedis.get("metric:#metric").startsWith("written by metric, a benchmark"));
        }
        assertOtherDatabaseUntouched();
    }

    @Test
    void flushOfADatabaseHoldingOnlyMetricsKeysAndItsMarkerNeedsNoConfirmation() {
        try (Jedis jedis = jedis(DB)) {
            jedis.del("user:1", "user:2");
        }
        try (ServerAdmin admin = admin()) {
            DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.UNLESS_FOREIGN_KEYS, false, line -> { });
            assertEquals(0, admin.dbSize());
        }
    }

    /** Keys of metric's exact shape, but no marker: an application's, or an older metric's; not provably metric's. */
    @Test
    void keysOfMetricsShapeWithoutTheMarkerAreNeitherFlushedNorCleanedUp() {
        try (Jedis jedis = jedis(DB)) {
            jedis.del("user:1", "user:2", "metric:#metric");
        }
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            line -> { }));
            assertTrue(refused.getMessage().contains("holds 2,500 keys of the shape metric writes under 'metric:', but"
                    + " not the marker metric:#metric that a metric run writes before them"), refused.getMessage());
        }
        List<String> progress = new ArrayList<>();

        DatabaseHousekeeping.removeOwnKeys(settings(), OWN, progress::add);

        assertEquals(List.of("cleanup: not done: db 4 of " + server.address() + " holds no marker metric:#metric that"
                + " a metric run wrote keys under 'metric:', so none of them is provably metric's; nothing was"
                + " deleted"), progress);
        try (Jedis jedis = jedis(DB)) {
            assertEquals(2500, jedis.dbSize());
        }
    }

    @Test
    void cleanupRemovesOnlyMetricsKeysOfTheSelectedDatabaseThenItsMarker() {
        List<String> progress = new ArrayList<>();
        DatabaseHousekeeping.removeOwnKeys(settings(), OWN, progress::add);

        try (Jedis jedis = jedis(DB)) {
            assertEquals(2, jedis.dbSize());
            assertEquals("precious", jedis.get("user:1"));
            assertEquals("precious", jedis.get("user:2"));
        }
        assertOtherDatabaseUntouched();
        assertEquals(List.of("cleanup: removed 2,500 keys of metric's shape starting with 'metric:' from db 4 of "
                + server.address() + "; then its marker metric:#metric"), progress);
    }

    /** An application's own keys under metric's default prefix, in a database a run also wrote to. */
    @Test
    void anApplicationsKeysUnderThePrefixStayAndSoDoesTheMarkerThatCannotProveThem() {
        try (Jedis jedis = jedis(DB)) {
            jedis.del("user:1", "user:2");
            jedis.set("metric:user:42", "an application's");
            jedis.set("metric:dashboards", "an application's");
        }
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            line -> { }));
            assertTrue(refused.getMessage().contains("holds 2 keys metric did not write (of 2,503;"),
                    refused.getMessage());
        }
        List<String> progress = new ArrayList<>();

        DatabaseHousekeeping.removeOwnKeys(settings(), OWN, progress::add);

        try (Jedis jedis = jedis(DB)) {
            assertEquals(Set.of("metric:user:42", "metric:dashboards", "metric:#metric"), jedis.keys("*"));
        }
        assertTrue(progress.get(0).endsWith("; 2 other keys with that start stay, and so does the marker"
                + " metric:#metric"), progress.toString());
    }

    @Test
    void aPrefixOfTheUsersChoosingIsMatchedLiterallyNotAsAPattern() {
        String prefix = "bench[1]*?:";
        DataSet bench = new DataSet(new DataSpec(2, 1, prefix, DataSpec.STANDARD_KEY_SIZES,
                DataSpec.STANDARD_VALUE_SIZES));
        OwnKeys own = OwnKeys.of(bench);
        byte[] lookalike = "bench1x?:c".getBytes(StandardCharsets.UTF_8);
        try (Jedis jedis = jedis(DB)) {
            writeRun(jedis, bench, own);
            jedis.set(lookalike, "matched by the prefix read as a pattern".getBytes(StandardCharsets.UTF_8));
        }

        DatabaseHousekeeping.removeOwnKeys(settings(), own, line -> { });

        try (Jedis jedis = jedis(DB)) {
            assertEquals(2504, jedis.dbSize(), "only the run's two keys and its marker are gone");
            assertEquals(null, jedis.get(bench.key(0)));
            assertEquals("matched by the prefix read as a pattern", new String(jedis.get(lookalike),
                    StandardCharsets.UTF_8));
        }
    }

    /**
     * A server that refuses writes (full, as a disk-backed one under memory pressure is for a while)
     * refuses the marker too: the run is told and goes on, and what it writes is not provably metric's.
     */
    @Test
    void aRefusedMarkerIsToldOfAndNeitherStopsTheRunNorProvesItsKeys(RedisServers servers) throws Exception {
        LocalRedisServer full = servers.start();
        List<String> progress = new ArrayList<>();
        try (Jedis jedis = new Jedis(full.address().host(), full.address().port());
             ServerAdmin admin = ServerAdmin.connect(full.address(), 0, Duration.ofSeconds(1), Duration.ofSeconds(5))) {
            jedis.configSet("maxmemory-policy", "noeviction");
            jedis.configSet("maxmemory", "1");

            DatabaseHousekeeping.prepare(admin, 0, OWN, FlushPolicy.NEVER, true, progress::add);

            assertEquals(1, progress.size(), progress.toString());
            assertTrue(progress.get(0).startsWith("note: db 0 of " + full.address() + " refused metric's marker"
                    + " metric:#metric (OOM"), progress.get(0));
            assertTrue(progress.get(0).endsWith("so --flush and --cleanup will not take them"), progress.get(0));
            assertEquals(null, jedis.get("metric:#metric"));
        }
    }

    /** A key of the marker's name that a run did not write is never written over, and proves nothing. */
    @Test
    void aKeyOfTheMarkersNameThatIsNotAMarkerIsLeftAsItIsAndProvesNothing() {
        try (Jedis jedis = jedis(DB)) {
            jedis.del("user:1", "user:2");
            jedis.del("metric:#metric");
            jedis.hset("metric:#metric", "owner", "an application");
        }
        List<String> progress = new ArrayList<>();
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            progress::add));
            assertTrue(refused.getMessage().contains("but not the marker metric:#metric"), refused.getMessage());

            DatabaseHousekeeping.prepare(admin, DB, OWN, FlushPolicy.NEVER, true, progress::add);
        }
        DatabaseHousekeeping.removeOwnKeys(settings(), OWN, progress::add);

        assertTrue(progress.stream().anyMatch(line -> line.contains("refused metric's marker metric:#metric (there"
                + " already)")), progress.toString());
        assertTrue(progress.get(progress.size() - 1).startsWith("cleanup: not done"), progress.toString());
        try (Jedis jedis = jedis(DB)) {
            assertEquals("an application", jedis.hget("metric:#metric", "owner"));
            assertEquals(2501, jedis.dbSize());
        }
    }

    /** What a run leaves: its marker, then every key of {@code data}. */
    private static void writeRun(Jedis jedis, DataSet data, OwnKeys own) {
        jedis.set(own.marker(), own.markerValue());
        for (int i = 0; i < data.keyCount(); i++) {
            jedis.set(data.key(i), data.value(i));
        }
    }

    private static void assertOtherDatabaseUntouched() {
        try (Jedis jedis = jedis(OTHER_DB)) {
            assertEquals(2, jedis.dbSize());
        }
    }

    private static ClientSettings settings() {
        return new ClientSettings(server.address(), DB, 1, Duration.ofSeconds(1), Duration.ofSeconds(5));
    }

    private static ServerAdmin admin() {
        return ServerAdmin.connect(settings());
    }

    private static Jedis jedis(int db) {
        Jedis jedis = new Jedis(server.address().host(), server.address().port());
        jedis.select(db);
        return jedis;
    }
}
