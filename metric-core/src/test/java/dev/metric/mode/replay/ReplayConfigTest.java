package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a replay to memcached refuses, before anything is sent. */
class ReplayConfigTest {

    private static final ClientSettings MEMCACHED = new ClientSettings(new ServerAddress("127.0.0.1", 11211), 0, 0,
            Duration.ofSeconds(2), Duration.ofSeconds(2)).withProtocol(Protocol.MEMCACHED);

    @TempDir
    Path dir;

    private Path trace(String line) throws IOException {
        Path file = Files.createTempFile(dir, "ops", ".trace");
        Files.write(file, List.of(line, line), StandardCharsets.ISO_8859_1);
        return file;
    }

    private static String refusal(ReplayConfig.Builder builder) {
        return assertThrows(IllegalArgumentException.class, builder::build).getMessage();
    }

    @Test
    void memcachedTakesYcsbTracesOnlyScannedForIt() throws IOException {
        Path plain = trace("GET k");
        Path ycsb = trace("READ usertable user1 [ <all fields>]");

        assertEquals("trace of Redis commands is replayed to Redis-protocol servers only; a YCSB trace to"
                + " memcached too", refusal(ReplayConfig.builder(ClientLibrary.FOLSOM, MEMCACHED,
                TraceScan.scan(plain, null, 1, false, Protocol.MEMCACHED))));
        assertEquals("the trace was scanned for redis, not memcached", refusal(ReplayConfig.builder(
                ClientLibrary.FOLSOM, MEMCACHED, TraceScan.scan(ycsb, null, 1, false))));
        ReplayConfig.builder(ClientLibrary.FOLSOM, MEMCACHED, TraceScan.scan(ycsb, null, 1, false, Protocol.MEMCACHED))
                .build();
    }

    @Test
    void onFolsomsThreadsALaneKeepsOneRequestInFlightSoThatAKeysCommandsStayInOrder() throws IOException {
        ScannedTrace scanned = TraceScan.scan(trace("READ usertable user1 [ <all fields>]"), null, 1, false,
                Protocol.MEMCACHED);

        assertEquals("inflight above 1 needs engine loop for a replay to memcached: on threads, folsom takes"
                + " turns among its connections, and a key's commands could pass each other", refusal(
                ReplayConfig.builder(ClientLibrary.FOLSOM, MEMCACHED.withPoolSize(1), scanned)
                        .engine(EngineKind.THREADS).inflight(2)));
        ReplayConfig.builder(ClientLibrary.FOLSOM, MEMCACHED, scanned).engine(EngineKind.LOOP).inflight(2).build();
    }
}
