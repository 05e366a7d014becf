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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

@ExtendWith(LocalRedisExtension.class)
class DatabaseHousekeepingIT {

    private static final int DB = 4;
    private static final int OTHER_DB = 5;
    private static final String PREFIX = "metric:";

    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    @BeforeEach
    void fill() {
        try (Jedis jedis = jedis(DB)) {
            jedis.flushAll();
            for (int i = 0; i < 2500; i++) {
                jedis.set("metric:" + i, "v");
            }
            jedis.set("user:1", "precious");
            jedis.set("user:2", "precious");
            jedis.select(OTHER_DB);
            jedis.set("metric:other-db", "v");
            jedis.set("user:other-db", "v");
        }
    }

    @Test
    void flushRefusesOnADatabaseWithKeysMetricDidNotWriteAndDeletesNothing() {
        List<String> progress = new ArrayList<>();
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, PREFIX, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            progress::add));
            assertTrue(refused.getMessage().contains(
                    "holds 2 keys metric did not write (of 2,502; they do not start with 'metric:')"),
                    refused.getMessage());
            assertTrue(refused.settingMessage().parts().contains(Setting.CONFIRM_FLUSH), refused.getMessage());
            assertEquals(2502, admin.dbSize());
        }
        assertEquals(List.of(), progress);
    }

    @Test
    void confirmedFlushEmptiesTheSelectedDatabaseOnly() {
        try (ServerAdmin admin = admin()) {
            assertEquals(2502, DatabaseHousekeeping.prepare(admin, DB, PREFIX, FlushPolicy.ALWAYS, true, line -> { }));
            assertEquals(0, admin.dbSize());
        }
        assertOtherDatabaseUntouched();
    }

    @Test
    void flushOfADatabaseHoldingOnlyMetricKeysNeedsNoConfirmation() {
        try (Jedis jedis = jedis(DB)) {
            jedis.del("user:1", "user:2");
        }
        try (ServerAdmin admin = admin()) {
            DatabaseHousekeeping.prepare(admin, DB, PREFIX, FlushPolicy.UNLESS_FOREIGN_KEYS, true, line -> { });
            assertEquals(0, admin.dbSize());
        }
    }

    @Test
    void cleanupRemovesOnlyMetricKeysOfTheSelectedDatabase() {
        List<String> progress = new ArrayList<>();
        DatabaseHousekeeping.removeOwnKeys(settings(), PREFIX, progress::add);

        try (Jedis jedis = jedis(DB)) {
            assertEquals(2, jedis.dbSize());
            assertEquals("precious", jedis.get("user:1"));
            assertEquals("precious", jedis.get("user:2"));
        }
        assertOtherDatabaseUntouched();
        assertEquals(1, progress.size(), progress.toString());
        assertTrue(progress.get(0).startsWith("cleanup: removed 2,500 keys starting with 'metric:' from db 4"),
                progress.get(0));
    }

    @Test
    void aPrefixOfTheUsersChoosingIsMatchedLiterallyNotAsAPattern() {
        String prefix = "bench[1]*?:";
        try (Jedis jedis = jedis(DB)) {
            jedis.set(prefix + "a", "v");
            jedis.set(prefix + "b", "v");
            jedis.set("bench1x?:c", "matched by the prefix read as a pattern");
        }
        try (ServerAdmin admin = admin()) {
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> DatabaseHousekeeping.prepare(admin, DB, prefix, FlushPolicy.UNLESS_FOREIGN_KEYS, true,
                            line -> { }));
            assertTrue(refused.getMessage().contains("holds 2,503 keys metric did not write (of 2,505"),
                    refused.getMessage());
        }

        DatabaseHousekeeping.removeOwnKeys(settings(), prefix, line -> { });

        try (Jedis jedis = jedis(DB)) {
            assertEquals(2503, jedis.dbSize(), "only the two keys starting with the prefix itself are gone");
            assertEquals(null, jedis.get(prefix + "a"));
            assertEquals("matched by the prefix read as a pattern", jedis.get("bench1x?:c"));
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
