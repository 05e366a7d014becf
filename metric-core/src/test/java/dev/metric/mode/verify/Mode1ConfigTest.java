package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.FlushPolicy;
import dev.metric.workload.DataSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class Mode1ConfigTest {

    private static final ClientSettings POOL_OF_4 = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 4,
            Duration.ofSeconds(1), Duration.ofSeconds(1));
    private static final ClientSettings SHARED = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 0,
            Duration.ofSeconds(1), Duration.ofSeconds(1));

    private static Mode1Config config(ClientLibrary library, ClientSettings settings, int threads, int kkeys,
                                      boolean flush, boolean skipLoad) {
        return Mode1Config.builder(library, settings).threads(threads)
                .data(DataSpec.standard(DataSpec.kkeysToKeys(kkeys), 1)).reads(1000).warmupReads(0)
                .flush(flush ? FlushPolicy.UNLESS_FOREIGN_KEYS : FlushPolicy.NEVER).skipLoad(skipLoad).verifyAll(true)
                .breakdown(true).build();
    }

    @Test
    void oneKkeyIs1024Keys() {
        assertEquals(3_072_000, config(ClientLibrary.JEDIS, POOL_OF_4, 4, 3000, false, false).keyCount());
    }

    @Test
    void rejectsThreadsAndKkeysOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> config(ClientLibrary.JEDIS, POOL_OF_4, 0, 1, false, false));
        assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.JEDIS, POOL_OF_4, 1001, 1, false, false));
        assertThrows(IllegalArgumentException.class, () -> config(ClientLibrary.JEDIS, POOL_OF_4, 1, 0, false, false));
        assertThrows(IllegalArgumentException.class,
                () -> config(ClientLibrary.JEDIS, POOL_OF_4, 1, DataSpec.MAX_KKEYS + 1, false, false));
    }

    @Test
    void rejectsFlushWithSkipLoadAndJedisWithoutAPool() {
        assertThrows(IllegalArgumentException.class, () -> config(ClientLibrary.JEDIS, POOL_OF_4, 1, 1, true, true));
        assertThrows(IllegalArgumentException.class, () -> config(ClientLibrary.JEDIS, SHARED, 1, 1, false, false));
        assertEquals(0, config(ClientLibrary.LETTUCE, SHARED, 1, 1, false, false).client().poolSize());
    }
}
