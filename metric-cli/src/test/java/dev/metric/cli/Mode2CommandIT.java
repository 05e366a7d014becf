package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.server.LocalRedisServer;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Mode2CommandIT {

    private static LocalRedisServer server;
    private static String port;

    @BeforeAll
    static void startServer() throws IOException {
        server = LocalRedisServer.startOnFreePort();
        port = Integer.toString(server.address().port());
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void closedLoopRunPrintsEveryKindOfOperationAndExits0() {
        CliRun run = CliRun.of("mode2", "2", "1", port, "--db", "1", "--flush", "--duration", "2", "--warmup", "1",
                "--ttl", "1-2");

        assertEquals(0, run.exitCode(), run.err());
        for (String row : new String[] {"| GET hit |", "| GET miss |", "| SETEX |", "| refill |", "| all |"}) {
            assertTrue(run.out().contains(row), run.out());
        }
        assertTrue(run.out().contains("closed loop"), run.out());
        assertTrue(run.out().contains("keyspace hits"), run.out());
        String breakdown = run.out().substring(run.out().indexOf("latency breakdown, mean us per request"));
        assertTrue(breakdown.contains("\n| GET | ") && breakdown.contains("\n| SETEX | "), run.out());
        assertTrue(run.out().contains("result   every hit verified"), run.out());
        assertTrue(run.err().contains("measure: "), run.err());
        assertTrue(run.err().lines().anyMatch(line -> line.contains("ops/s, hit ratio")), run.err());
    }

    @Test
    void openLoopRunShowsResponseAndServiceTimesAndWritesJson(@TempDir Path directory) throws IOException {
        Path json = directory.resolve("mode2.json");

        CliRun run = CliRun.of("mode2", "2", "1", port, "--db", "2", "--flush", "--client", "lettuce",
                "--inflight", "4", "--rate", "2000", "--duration", "2", "--warmup", "0", "--key-dist", "zipfian",
                "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("response time, from when each operation was due"), run.out());
        assertTrue(run.out().contains("service time, from when each operation was sent"), run.out());
        assertTrue(run.out().contains("targeted"), run.out());
        assertTrue(run.out().contains("behind schedule"), run.out());
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertTrue(result.at("/passed").asBoolean());
        assertEquals(2000, result.at("/config/rateOpsPerSec").asDouble());
        assertEquals("zipfian, theta 0.99", result.at("/config/keyDistribution").asText());
        assertEquals(4, result.at("/config/inflight").asInt());
        assertTrue(result.at("/measured/all/count").asLong() > 0);
        assertTrue(result.at("/measured/all/service/p50Micros").asDouble() > 0);
        assertEquals(result.at("/measured/scheduledOps").asLong(), result.at("/measured/sendLateness/count").asLong(),
                "every scheduled operation's lateness is recorded");
        assertEquals(result.at("/measured/byKind/0/count").asLong(), result.at("/serverDelta/keyspaceHits").asLong());
    }

    @Test
    void findMaxPrintsOneRowPerStepAndTheAnswer() {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "3", "--flush", "--warmup", "0", "--find-max",
                "--slo", "p99=1s", "--rate", "200", "--max-steps", "2", "--step-duration", "1");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("| step | target ops/s |"), run.out());
        assertTrue(run.out().contains("| 1 | 200 |"), run.out());
        assertTrue(run.out().contains("answer "), run.out());
    }
}
