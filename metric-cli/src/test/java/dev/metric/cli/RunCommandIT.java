package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code metric run} as a user types it, against a redis-server started for these tests. */
@ExtendWith(LocalRedisExtension.class)
class RunCommandIT {

    private static LocalRedisServer server;
    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    @Test
    void templatesRunWithTheirWeightsAndTheReportSaysNothingWasVerified(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("run.json");
        CliRun run = CliRun.of("run", "2", "--keys", "500", port, "--db", "1", "--command", "SET __key__ __value__",
                "--command", "GET __key__", "--weights", "1,3", "--duration", "1", "--warmup", "0", "--resp", "3",
                "--client", "lettuce", "--json", json.toString(), "--hdr-log", directory.resolve("run.hlog").toString(),
                "--csv", directory.resolve("run.csv").toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("metric run: your commands, timed; replies checked by type only, NOT verified"),
                run.out());
        assertTrue(run.out().contains("| `GET __key__` | 3 |"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("RESP3", result.at("/client/protocol").asText());
        assertEquals("GET __key__", result.at("/templates/1/template").asText());
        assertTrue(result.at("/templates/1/count").asLong() > result.at("/templates/0/count").asLong());
        assertEquals(3, result.at("/config/templates/1/weight").asInt());
        assertEquals(result.at("/all/count").asLong(), result.at("/summary/operations").asLong());
        assertEquals("not_verified", result.at("/summary/verification").asText(), "run checks no value");
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  run ")
                && line.endsWith("; 0 errors; values not verified; passed")), run.out());
        List<String> csv = Files.readAllLines(directory.resolve("run.csv"));
        assertEquals(3, csv.size(), "a header and a row per template: " + csv);
        assertTrue(csv.get(0).contains(",template,weight,count,share,"), csv.get(0));
        assertTrue(csv.get(2).contains(",GET __key__,3,"), csv.get(2));
        String log = Files.readString(directory.resolve("run.hlog"));
        assertTrue(log.contains("Tag=t1,") && log.contains("Tag=t2,"), "a tag per template");
    }
}
