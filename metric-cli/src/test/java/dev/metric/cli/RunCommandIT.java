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
import java.util.Locale;
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
                && line.matches(".*; 0 errors; values not verified; passed(; client-bound)?")), run.out());
        List<String> csv = Files.readAllLines(directory.resolve("run.csv"));
        assertEquals(3, csv.size(), "a header and a row per template: " + csv);
        assertTrue(csv.get(0).contains(",template,weight,count,share,"), csv.get(0));
        assertTrue(csv.get(2).contains(",GET __key__,3,"), csv.get(2));
        String log = Files.readString(directory.resolve("run.hlog"));
        assertTrue(log.contains("Tag=t1,") && log.contains("Tag=t2,"), "a tag per template");
    }

    /**
     * {@code run --find-max} searches on the user's own commands as mode2 does on its traffic: steps
     * at rising rates, each judged by the objective, the answer the highest rate that passed twice,
     * every step in the JSON, and the figures of the highest passing step in the report and summary.
     */
    @Test
    void findMaxSearchesTheTemplatesForTheHighestRateThatMeetsTheObjective(@TempDir Path directory)
            throws Exception {
        Path json = directory.resolve("run.json");
        CliRun run = CliRun.of("run", "2", "--keys", "500", port, "--db", "2", "--command", "SET __key__ __value__",
                "--find-max", "--slo", "p99=500ms", "--rate", "500", "--max-steps", "3", "--step-duration", "1s",
                "--warmup-time", "0", "--json", json.toString(), "--csv", directory.resolve("run.csv").toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals(3, result.at("/steps").size(), result.toString());
        double highest = result.at("/highestPassingOpsPerSec").asDouble();
        assertTrue(highest >= 500, "a rate that passed twice: " + highest);
        assertEquals("steps", result.at("/searchLimit").asText(), "three steps, every one passing");
        for (JsonNode step : result.at("/steps")) {
            assertTrue(step.at("/passed").asBoolean(), step.toString());
            assertEquals(List.of(true), List.of(step.at("/slosHeld/0").asBoolean()), step.toString());
            assertTrue(step.at("/templates/0/count").asLong() > 0, step.toString());
        }
        assertTrue(run.out().contains("answer   " + String.format(Locale.ROOT, "%,.0f", highest)
                + " ops/s is the highest rate that met [p99 <= 500 ms] twice and never failed, in 3 steps"), run.out());
        assertTrue(run.out().contains("limit    the step budget (--max-steps)"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  run ")
                && line.contains("requests of the search's highest passing step") && line.contains("; passed")),
                run.out());
        List<String> csv = Files.readAllLines(directory.resolve("run.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        assertEquals(String.format(Locale.ROOT, "%.0f", highest),
                csv.get(1).split(",")[header.indexOf("target_ops_per_sec")], "the row is the answer's step: " + csv);
    }
}
