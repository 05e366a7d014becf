package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalMemcachedServer;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.LoopbackPorts;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.MemcachedKeys;
import dev.metric.workload.DataSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** mode1 and mode2 with {@code --protocol memcached}, as a user types them, against a real memcached. */
@ExtendWith(LocalRedisExtension.class)
class MemcachedCommandIT {

    private static LocalMemcachedServer server;
    private static String port;

    @BeforeAll
    static void useServer(LocalMemcachedServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    private static CliRun metric(String... args) {
        return CliRun.of(args);
    }

    @Test
    void mode1WritesReadsAndVerifiesThroughFolsom(@TempDir Path dir) {
        Path json = dir.resolve("m1.json");
        CliRun run = metric("mode1", "2", "1", port, "--protocol", "memcached", "--host", "127.0.0.1", "--flush",
                "--yes", "--reads", "3000", "--warmup", "100", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("server   memcached 1.6"), run.out());
        assertFalse(run.out().contains(", db 0"), "memcached has no databases: " + run.out());
        assertTrue(run.out().contains("client   folsom "), run.out());
        assertTrue(run.out().contains("1,024 of 1,024 keys intact"), run.out());
        assertTrue(run.err().contains("flush: flush_all on memcached at 127.0.0.1:" + port), run.err());
        assertTrue(run.out().contains("us of server CPU per read (rusage_user + rusage_system over the random reads"),
                run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("memcached", result.at("/config/client/protocol").asText());
        assertEquals("folsom", result.at("/config/library").asText());
        assertTrue(result.at("/readsServerDelta/serverCpuMicros").asLong() > 0, result.toString());
        assertEquals(result.at("/verify/reads").asLong(), result.at("/readsServerDelta/keyspaceHits").asLong(),
                "every measured read a hit, as memcached counted it");
    }

    @Test
    void mode1OnABusyPollingLoopReadsAndVerifies(@TempDir Path dir) {
        Path json = dir.resolve("polling.json");
        CliRun run = metric("mode1", "1", "1", port, "--protocol", "memcached", "--host", "127.0.0.1", "--flush",
                "--yes", "--connections", "2", "--busy-poll", "--reads", "3000", "--warmup", "100", "--json",
                json.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("event loop of metric's busy-polling, 2 connections each"), run.out());
        assertTrue(run.out().contains("1,024 of 1,024 keys intact"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertTrue(result.at("/config/client/busyPoll").booleanValue(), result.at("/config/client").toString());
        assertEquals(3000, result.at("/verify/reads").asLong());
        assertEquals(result.at("/verify/reads").asLong(), result.at("/readsServerDelta/keyspaceHits").asLong(),
                "every measured read a hit, as memcached counted it");
    }

    /**
     * memcached's commands as templates: each counted by the server where its counter is its own,
     * replies typed as the nearest RESP reply would be.
     */
    @Test
    void runSendsMemcachedCommandsAndTheServerCountsThem(@TempDir Path dir) {
        Path json = dir.resolve("run.json");
        CliRun run = metric("run", "2", "--keys", "500", port, "--protocol", "memcached", "--host", "127.0.0.1",
                "--flush", "--yes", "--command", "set __key__ __value__ 60", "--command", "get __key__",
                "--command", "incr counter 1", "--command", "delete __key__", "--weights", "2,6,1,1", "--duration",
                "2", "--warmup-time", "0", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        JsonNode result = ResultSchema.assertValid(json);
        JsonNode templates = result.at("/templates");
        for (JsonNode template : templates) {
            assertEquals(0, template.at("/errors").asLong(), template.toString());
            assertEquals(template.at("/count").asLong(), template.at("/serverCalls").asLong(),
                    "memcached counted every " + template.at("/template").asText());
        }
        assertTrue(templates.get(0).at("/replyTypes/string").asLong() > 0, "a stored item: " + templates.get(0));
        assertTrue(templates.get(1).at("/replyTypes/nil").asLong() > 0, "a get of a deleted key misses");
        assertTrue(templates.get(1).at("/replyTypes/string").asLong() > 0, "and of a set one hits");
        assertEquals(templates.get(2).at("/count").asLong(), templates.get(2).at("/replyTypes/nil").asLong(),
                "incr of a key that was never set misses every time");
        assertTrue(templates.get(3).at("/replyTypes/integer").asLong() > 0, "a delete counts");
    }

    @Test
    void mode2ReportsTheServersCountsAndCpuAndTheyAreTheRuns(@TempDir Path dir) {
        Path json = dir.resolve("m2.json");
        CliRun run = metric("mode2", "2", "1", port, "--protocol", "memcached", "--host", "127.0.0.1", "--flush",
                "--yes", "--duration", "2", "--warmup-time", "0", "--ttl", "1-2", "--strict", "--json",
                json.toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("get_hits"), run.out());
        assertTrue(run.out().contains("its hits and misses are the run's, key for key"), run.out());
        assertTrue(run.out().contains("us of server CPU per operation (rusage_user + rusage_system"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertTrue(result.at("/serverDelta/serverCpuMicros").asLong() > 0, result.toString());
        assertEquals(result.at("/measured/keyHits").asLong(), result.at("/serverDelta/keyspaceHits").asLong());
    }

    @Test
    void flushRefusesItemsMetricDidNotWriteAndCleanupLeavesThem() throws Exception {
        byte[] foreign = "orders:1".getBytes(StandardCharsets.US_ASCII);
        try (MemcachedKeys keys = MemcachedKeys.at(server.address())) {
            keys.set(foreign, "keep me".getBytes(StandardCharsets.US_ASCII), 0);
        }

        CliRun refused = metric("mode1", "1", "1", port, "--protocol", "memcached", "--host", "127.0.0.1",
                "--flush", "--reads", "100");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("--flush refused: memcached at 127.0.0.1:" + port + " holds 1 keys metric"
                + " did not write (of "), refused.err());
        assertTrue(refused.err().contains("; not of the shape metric writes under 'metric:')"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());

        CliRun cleaned = metric("mode1", "1", "1", port, "--protocol", "memcached", "--host", "127.0.0.1",
                "--cleanup", "--reads", "100");
        assertEquals(0, cleaned.exitCode(), cleaned.err());
        assertTrue(cleaned.err().contains("cleanup: removed 1,024 keys of metric's shape starting with 'metric:'"
                + " from memcached at 127.0.0.1:" + port + "; then its marker metric:#metric"), cleaned.err());
        try (MemcachedKeys keys = MemcachedKeys.at(server.address())) {
            assertNotNull(keys.get(foreign), "a key metric did not write is left");
            assertNull(keys.get(DataSet.standard(1, 1024).key(0)), "metric's keys are gone");
            keys.delete(foreign);
        }
    }

    /** memcached's flush_all empties the whole server: items metric cannot list are items it cannot call its own. */
    @Test
    void flushOfAServerThatWillNotListItsItemsNeedsYes() throws Exception {
        try (LocalMemcachedServer unlisting = LocalMemcachedServer.startOnFreePort(1, List.of("-X"));
             MemcachedKeys keys = MemcachedKeys.at(unlisting.address())) {
            String at = Integer.toString(unlisting.address().port());
            keys.set(DataSet.standard(1, 1024).key(0), "of metric's shape".getBytes(StandardCharsets.US_ASCII), 0);

            CliRun refused = metric("mode1", "1", "1", at, "--protocol", "memcached", "--host", "127.0.0.1",
                    "--flush", "--reads", "100");
            assertEquals(2, refused.exitCode(), refused.err());
            assertTrue(refused.err().contains("--flush refused: memcached at 127.0.0.1:" + at + " holds 1 items and"
                    + " cannot list them (its LRU crawler is off or busy), so none is provably metric's; nothing was"
                    + " deleted. Add --yes"), refused.err());
            assertNotNull(keys.get(DataSet.standard(1, 1024).key(0)), "nothing was deleted");

            CliRun confirmed = metric("mode1", "1", "1", at, "--protocol", "memcached", "--host", "127.0.0.1",
                    "--flush", "--yes", "--reads", "100");
            assertEquals(0, confirmed.exitCode(), confirmed.err());
            assertTrue(confirmed.err().contains("flush: flush_all on memcached at 127.0.0.1:" + at + ", which held 1"
                    + " keys"), confirmed.err());
        }
    }

    @Test
    void valuesOverTheItemSizeLimitAreRefusedInOneLine() {
        CliRun run = metric("mode1", "1", "1", port, "--protocol", "memcached", "--host", "127.0.0.1",
                "--value-size", "2000000", "--reads", "10");

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("more than this server's item size limit of 1,048,576 bytes (item_size_max,"
                + " memcached -I)"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @Test
    void aNamedMemcachedThatDoesNotAnswerIsExit3() throws Exception {
        CliRun run = metric("mode1", "1", "1", Integer.toString(LoopbackPorts.free()), "--protocol", "memcached",
                "--host", "127.0.0.1");

        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().contains("cannot talk to a memcached server at 127.0.0.1:"), run.err());
        assertTrue(run.err().contains("connection refused (nothing listens there)"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @Test
    void aRedisServerIsNotTakenForMemcached(LocalRedisServer redis) {
        CliRun run = metric("mode1", "1", "1", Integer.toString(redis.address().port()), "--protocol", "memcached",
                "--host", "127.0.0.1");

        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().contains("does not answer as a memcached server"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }
}
