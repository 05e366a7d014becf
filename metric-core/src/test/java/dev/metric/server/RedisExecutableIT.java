package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedisExecutableIT {

    @Test
    void withoutRedisServerOnPathThePackagedBuildRuns() throws Exception {
        RedisExecutable packaged = RedisExecutable.locate("");
        assertTrue(packaged.origin().contains("packaged"), packaged.origin());
        assertTrue(Files.isExecutable(packaged.path()));
        try (LocalRedisServer server = LocalRedisServer.startOnFreePort(packaged, java.util.List.of());
             ServerAdmin admin = ServerAdmin.connect(server.address(), 0, Duration.ofSeconds(1),
                     Duration.ofSeconds(1))) {
            assertEquals("redis", admin.info().name());
            assertEquals(0, admin.dbSize());
        }
    }
}
