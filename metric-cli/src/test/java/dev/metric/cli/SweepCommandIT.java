package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.mode.template.TemplateCsv;
import dev.metric.mode.verify.Mode1Csv;
import dev.metric.record.Percentiles;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LocalRedisExtension.class)
class SweepCommandIT {

    private static LocalRedisServer server;
    private static String port;

    @TempDir
    Path directory;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    private static List<String> names(Path folder, String extension) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(extension)).sorted()
                    .toList();
        }
    }

    @Test
    void mode1SweepRunsEveryCellInRoundsAndComparesThem() throws IOException {
        Path out = directory.resolve("sweep");
        CliRun run = CliRun.of("sweep", "mode1", "1,2", "1", port, "--db", "1", "--flush", "--client",
                "jedis,lettuce", "--pool-size", "2", "--repeat", "2", "--reads", "500", "--warmup-reads", "100",
                "--no-breakdown", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("jedis-pool2-t1-r1.json", "jedis-pool2-t1-r2.json", "jedis-pool2-t2-r1.json",
                "jedis-pool2-t2-r2.json", "lettuce-pool2-t1-r1.json", "lettuce-pool2-t1-r2.json",
                "lettuce-pool2-t2-r1.json", "lettuce-pool2-t2-r2.json"), names(out.resolve("runs"), ".json"));
        assertEquals(8, names(out.resolve("runs"), ".hlog").size());
        List<String> csv = Files.readAllLines(out.resolve("runs.csv"));
        assertEquals(String.join(",", Mode1Csv.table(Percentiles.DEFAULT).header()), csv.get(0));
        assertEquals(9, csv.size());
        for (String row : List.of("| jedis, pool 2 | 1 | 2 |", "| jedis, pool 2 | 2 | 2 |",
                "| lettuce, pool 2 | 1 | 2 |",
                "| lettuce, pool 2 | 2 | 2 |")) {
            assertTrue(run.out().contains(row), run.out());
        }
        assertTrue(names(out, ".png").containsAll(List.of("p95.png", "p99.png", "spectrum-t1.png", "spectrum-t2.png",
                "throughput.png")), names(out, ".png").toString());
        assertEquals(Files.readString(out.resolve("summary.md")), run.out());
        ResultSchema.assertValid(out.resolve("summary.json"));

        int loaded = 0;
        for (String name : names(out.resolve("runs"), ".json")) {
            JsonNode result = ResultSchema.assertValid(out.resolve("runs").resolve(name));
            assertEquals(500, result.at("/verify/reads").asInt(), name);
            assertEquals(0, result.at("/verify/mismatches").asInt(), name);
            loaded += result.at("/load").isObject() ? 1 : 0;
        }
        assertEquals(1, loaded, "the data is written once, by the first run");

        CliRun again = CliRun.of("sweep", "mode1", "1", "1", port, "--out", out.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("already holds a sweep's runs"), again.err());
    }

    @Test
    void mode2SweepAndAReportThatOverlaysItWithAnotherRun() throws IOException {
        Path out = directory.resolve("sweep2");
        CliRun run = CliRun.of("sweep", "mode2", "-t", "1", "1", port, "--db", "2", "--flush", "--client",
                "lettuce", "--pool-size", "shared", "--repeat", "2", "--duration", "1", "--warmup-time", "0", "-q",
                "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err(), "--quiet");
        assertTrue(run.out().contains("| lettuce, shared | 1 | 2 |"), run.out());
        JsonNode second = ResultSchema.assertValid(out.resolve("runs/lettuce-shared-t1-r2.json"));
        assertTrue(second.at("/preload").isNull(), "preloaded once");
        assertTrue(second.at("/config/skipLoad").asBoolean());

        Path single = directory.resolve("single.json");
        Path singleLog = directory.resolve("single.hlog");
        assertEquals(0, CliRun.of("mode2", "2", "1", port, "--db", "2", "--client", "lettuce", "--skip-load",
                "--duration", "1", "--warmup", "0", "--json", single.toString(), "--hdr-log", singleLog.toString(),
                "-q")
                .exitCode());
        Path report = directory.resolve("report");
        CliRun compared = CliRun.of("report", "--out", report.toString(), out.resolve("runs").toString(),
                single.toString(), singleLog.toString());

        assertEquals(0, compared.exitCode(), compared.err());
        assertTrue(compared.out().contains("# metric: 3 runs compared"), compared.out());
        assertTrue(compared.out().contains("| lettuce, shared | 2 | 1 |"), compared.out());
        assertTrue(names(report, ".svg").containsAll(List.of("spectrum-t1.svg", "spectrum-t2.svg", "throughput.svg")),
                names(report, ".svg").toString());
    }

    /**
     * {@code sweep run}: the user's commands in every cell, each run a row of the comparison at the
     * rate its requests went, and its CSV rows run's.
     */
    @Test
    void runSweepComparesTheUsersCommandsAcrossClientsAndThreads() throws IOException {
        Path out = directory.resolve("sweep-run");
        CliRun run = CliRun.of("sweep", "run", "1,2", "1", port, "--db", "3", "--client", "jedis,lettuce",
                "--pool-size", "2", "--repeat", "1", "--command", "SET __key__ __value__", "--command", "GET __key__",
                "--weights", "1,4", "--duration", "1", "--warmup-time", "0", "-q", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("jedis-pool2-t1-r1.json", "jedis-pool2-t2-r1.json", "lettuce-pool2-t1-r1.json",
                "lettuce-pool2-t2-r1.json"), names(out.resolve("runs"), ".json"));
        List<String> csv = Files.readAllLines(out.resolve("runs.csv"));
        assertEquals(String.join(",", TemplateCsv.table(Percentiles.DEFAULT).header()), csv.get(0));
        assertEquals(1 + 4 * 2, csv.size(), "a row per template of each run: " + csv);
        for (String name : names(out.resolve("runs"), ".json")) {
            JsonNode result = ResultSchema.assertValid(out.resolve("runs").resolve(name));
            assertEquals("run", result.at("/mode").asText(), name);
            String rate = String.format(Locale.ROOT, "%,.0f", result.at("/achievedOpsPerSec").asDouble());
            String row = "| " + result.at("/config/library").asText() + ", pool 2 | "
                    + result.at("/config/threads").asInt() + " | 1 | " + rate + " ";
            assertTrue(run.out().contains(row), "each run a row at its own rate, " + row + ": " + run.out());
        }
    }

    /**
     * {@code sweep replay}: the whole trace in every cell, each run verifying its reads as a replay
     * does and a row of the comparison at its commands' rate; a key count is refused.
     */
    @Test
    void replaySweepReplaysTheTraceInEveryCell() throws IOException {
        Path trace = directory.resolve("sweep.trace");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            lines.add("SET user:" + i + " " + "v".repeat(50 + i));
            lines.add("GET user:" + i);
        }
        Files.write(trace, lines);
        Path out = directory.resolve("sweep-replay");
        CliRun run = CliRun.of("sweep", "replay", "1,2", "--trace", trace.toString(), "--port", port, "--db", "4",
                "--client", "jedis", "--pool-size", "2", "--repeat", "1", "--warmup-commands", "0", "-q", "--out",
                out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("jedis-pool2-t1-r1.json", "jedis-pool2-t2-r1.json"), names(out.resolve("runs"), ".json"));
        for (String name : names(out.resolve("runs"), ".json")) {
            JsonNode result = ResultSchema.assertValid(out.resolve("runs").resolve(name));
            assertEquals("replay", result.at("/mode").asText(), name);
            assertEquals(600, result.at("/all/count").asLong(), "every command of the trace: " + name);
            assertEquals(300, result.at("/check/intact").asLong(), "every read of what it wrote: " + name);
            String rate = String.format(Locale.ROOT, "%,.0f", result.at("/opsPerSec").asDouble());
            assertTrue(run.out().contains("| jedis, pool 2 | " + result.at("/config/threads").asInt() + " | 1 | " + rate
                    + " "), "each run a row at its commands' rate: " + run.out());
        }
        List<String> csv = Files.readAllLines(out.resolve("runs.csv"));
        assertEquals(1 + 2 * 2, csv.size(), "a row per command name of each run: " + csv);

        CliRun keyed = CliRun.of("sweep", "replay", "1", "5", "--trace", trace.toString(), "--out",
                directory.resolve("keyed").toString());
        assertEquals(2, keyed.exitCode(), keyed.err());
        assertTrue(keyed.err().contains("sweep replay takes <threads> only, no <kkeys>"), keyed.err());
    }
}
