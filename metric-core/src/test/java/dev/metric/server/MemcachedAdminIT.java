package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.MemcachedKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** How metric looks at a real memcached's keys: the metadump it reads, key by key, without keeping them. */
@ExtendWith(LocalRedisExtension.class)
class MemcachedAdminIT {

    private static final byte[] VALUE = "v".getBytes(StandardCharsets.US_ASCII);

    private final LocalMemcachedServer server;

    MemcachedAdminIT(LocalMemcachedServer server) {
        this.server = server;
    }

    private MemcachedAdmin admin() {
        return MemcachedAdmin.connect(server.address(), Duration.ofSeconds(2), Duration.ofSeconds(10));
    }

    private static byte[] key(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @BeforeEach
    void empty() {
        try (MemcachedAdmin admin = admin()) {
            admin.flushDb();
        }
    }

    @Test
    void keysTheDumpEncodesAreDecodedBeforeTheyAreMatchedAndDeleted() throws Exception {
        List<String> mine = List.of("metric:plain", "metric:per%cent", "metric:caf\u00e9", "metric:a/b?c=d&e+f");
        List<String> foreign = List.of("orders:1", "orders:%41");
        try (MemcachedKeys keys = MemcachedKeys.at(server.address()); MemcachedAdmin admin = admin()) {
            for (String key : mine) {
                keys.set(key(key), VALUE, 0);
            }
            for (String key : foreign) {
                keys.set(key(key), VALUE, 0);
            }

            assertEquals(6, admin.dbSize());
            assertEquals(2, admin.countKeys(key -> !TargetAdmin.keyStartsWith(key, key("metric:"))).orElseThrow());
            assertEquals(4, admin.unlinkKeys("metric:", key -> true), "each key deleted by its own bytes");
            for (String key : mine) {
                assertNull(keys.get(key(key)), key);
            }
            for (String key : foreign) {
                assertNotNull(keys.get(key(key)), key);
            }
        }
    }

    @Test
    void aDumpManyTimesTheReadBufferIsCountedLineByLineAndFlushedItemsAreNot() throws Exception {
        String padding = "x".repeat(180);
        try (MemcachedKeys keys = MemcachedKeys.at(server.address()); MemcachedAdmin admin = admin()) {
            for (int i = 0; i < 100; i++) {
                keys.set(key("gone:" + i), VALUE, 0);
            }
            admin.flushDb();
            for (int i = 0; i < 5000; i++) {
                keys.set(key((i % 5 == 0 ? "other:" : "metric:") + i + ":" + padding), VALUE, 0);
            }

            assertEquals(5000, admin.dbSize(), "every live item once, and none of the 100 flushed ones");
            assertEquals(1000, admin.countKeys(key -> !TargetAdmin.keyStartsWith(key, key("metric:"))).orElseThrow());
        }
    }
}
