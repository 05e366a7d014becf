package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On four committed runs of a real sweep (two repeats of one cell, two cells at 4 threads). */
class ComparisonReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    private static Path runs() throws Exception {
        return Path.of(ComparisonReportTest.class.getResource("/runs").toURI());
    }

    private static List<Path> files(String extension) throws Exception {
        try (Stream<Path> files = Files.list(runs())) {
            return files.filter(file -> file.toString().endsWith(extension)).sorted().toList();
        }
    }

    @Test
    void writesTheTableAndEveryChartAsPngAndSvgOfTheChartSize() throws Exception {
        String summary = ComparisonReport.write(files(".json"), files(".hlog"), out);

        assertTrue(summary.contains("| jedis, pool 4 | 1 | 2 | 21,276 (16,347-26,206) |"), summary);
        assertTrue(summary.contains("| lettuce, shared | 4 | 1 |"), summary);
        assertEquals(summary, Files.readString(out.resolve("summary.md")));
        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals(String.join(",", RunComparison.CSV.header()), csv.get(0));
        assertEquals(4, csv.size(), "a row per group");
        ResultSchema.assertValid(out.resolve("summary.json"));
        String json = Files.readString(out.resolve("summary.json"));
        assertTrue(json.contains("\"label\" : \"lettuce, shared\"") && json.contains("\"median\" :"), json);
        for (String chart : List.of("throughput", "p95", "p99", "spectrum-t1", "spectrum-t4")) {
            BufferedImage png = ImageIO.read(out.resolve(chart + ".png").toFile());
            assertEquals(ComparisonCharts.WIDTH, png.getWidth(), chart);
            assertEquals(ComparisonCharts.HEIGHT, png.getHeight(), chart);
            String svg = Files.readString(out.resolve(chart + ".svg"));
            assertTrue(svg.contains("<svg") && svg.contains("width=\"" + ComparisonCharts.WIDTH), chart);
        }
    }

    @Test
    void aSpectrumMergesTheResponseTagsOfARunsLog() throws Exception {
        Histogram merged = LatencySpectrum.read(runs().resolve("jedis-pool4-t1-r1.hlog"));

        assertEquals(20_000, merged.getTotalCount(), "the measured reads, not the load's batches");
        List<double[]> points = LatencySpectrum.points(merged);
        assertEquals(1.0, points.get(0)[0], 1e-9);
        for (int i = 1; i < points.size(); i++) {
            assertTrue(points.get(i)[0] >= points.get(i - 1)[0] && points.get(i)[1] >= points.get(i - 1)[1]);
        }
    }

    @Test
    void runsWhosePoolFollowsTheThreadCountAreOneSeries() throws Exception {
        String json = Files.readString(runs().resolve("jedis-pool4-t4-r1.json"));
        Path perThread = Files.writeString(out.resolve("per-thread.json"),
                json.replace("\"poolSize\" : 4,", "\"poolSize\" : 4,\n      \"poolPerThread\" : true,"));

        assertEquals("jedis, a connection per thread", RunPoint.read(perThread).series());
        assertEquals("jedis, pool 4", RunPoint.read(runs().resolve("jedis-pool4-t4-r1.json")).series());
    }

    @Test
    void runsOverResp3AreASeriesOfTheirOwn() throws Exception {
        String json = Files.readString(runs().resolve("jedis-pool4-t4-r1.json"));
        assertTrue(json.contains("\"protocol\" : \"RESP2\""), "the sample names its protocol");
        Path resp3 = Files.writeString(out.resolve("resp3.json"),
                json.replace("\"protocol\" : \"RESP2\"", "\"protocol\" : \"RESP3\""));

        assertEquals("jedis, pool 4, RESP3", RunPoint.read(resp3).series());
    }

    @Test
    void runsOfStructuresAndOfMgetsAreSeriesOfTheirOwn() throws Exception {
        ObjectNode root = (ObjectNode) JSON.readTree(runs().resolve("jedis-pool4-t4-r1.json").toFile());
        ObjectNode config = (ObjectNode) root.get("config");
        config.putObject("data").put("type", "ZSET").put("elements", 12);
        config.put("keysPerRead", 8);
        Path changed = out.resolve("zset-mget.json");
        JSON.writeValue(changed.toFile(), root);

        assertEquals("jedis, pool 4, zset of 12, MGET of 8", RunPoint.read(changed).series());
    }

    /**
     * A result of {@code metric run} is a point of its requests: their achieved rate and response
     * times, or a search's highest passing rate, with its verdict from the summary.
     */
    @Test
    void aRunOfTheUsersCommandsIsAPointOfItsRequests() throws Exception {
        String run = "{\"schemaVersion\": 1, \"mode\": \"run\", \"summary\": {\"passed\": %s},"
                + " \"server\": {\"name\": \"redis\", \"version\": \"7.0\"}, \"client\": {\"library\": \"jedis\"},"
                + " \"config\": {\"threads\": 3, \"client\": {\"poolSize\": 3}, \"templates\": [{\"text\": \"GET"
                + " __key__\", \"weight\": 1}]}, \"achievedOpsPerSec\": 1234.5, \"all\": {\"p50Micros\": 100,"
                + " \"p95Micros\": 200, \"p99Micros\": 300}, \"steps\": [%s], \"highestPassingOpsPerSec\": %s}";
        RunPoint measured = RunPoint.read(Files.writeString(out.resolve("measured.json"),
                String.format(run, "true", "", "0")));
        assertEquals("run", measured.mode());
        assertEquals(1234.5, measured.opsPerSec());
        assertEquals(new RunPoint.Latency(0.1, 0.2, 0.3), measured.latency());
        assertTrue(measured.passed());
        assertEquals("jedis, pool 3", measured.series());
        assertEquals("[{\"text\":\"GET __key__\",\"weight\":1}]", measured.workload().get("/config/templates"));

        RunPoint searched = RunPoint.read(Files.writeString(out.resolve("searched.json"),
                String.format(run, "true", "{\"passed\": true}", "2000")));
        assertEquals(2000, searched.opsPerSec(), "a search's point is its highest passing rate");
        RunPoint unanswered = RunPoint.read(Files.writeString(out.resolve("unanswered.json"),
                String.format(run, "false", "{\"passed\": false}", "0")));
        assertEquals(0, unanswered.opsPerSec());
        assertTrue(Double.isNaN(unanswered.latency().p99Ms()), "no step passed: no latency");
        assertFalse(unanswered.passed());
    }

    /** A replay is a point of the trace's measured commands: their rate and response times. */
    @Test
    void aReplayIsAPointOfItsCommands() throws Exception {
        RunPoint replay = RunPoint.read(Files.writeString(out.resolve("replay.json"), "{\"schemaVersion\": 1,"
                + " \"mode\": \"replay\", \"summary\": {\"passed\": true}, \"server\": {\"name\": \"redis\","
                + " \"version\": \"7.0\"}, \"client\": {\"library\": \"lettuce\"}, \"config\": {\"threads\": 2,"
                + " \"client\": {\"poolSize\": 0}, \"speed\": 1.0, \"trace\": {\"commands\": 5000}},"
                + " \"opsPerSec\": 4321.0, \"all\": {\"p50Micros\": 50, \"p95Micros\": 90, \"p99Micros\": 400}}"));

        assertEquals("replay", replay.mode());
        assertEquals(4321.0, replay.opsPerSec());
        assertEquals(new RunPoint.Latency(0.05, 0.09, 0.4), replay.latency());
        assertEquals("lettuce, shared", replay.series());
        assertEquals("5000", replay.workload().get("/config/trace/commands"));
        assertEquals("1.0", replay.workload().get("/config/speed"));
    }

    @Test
    void aFileThatIsNotAMetricResultIsRefusedByName() throws Exception {
        Path notOurs = Files.writeString(out.resolve("other.json"), "{\"hello\": 1}");
        Path notJson = Files.writeString(out.resolve("broken.json"), "{");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ComparisonReport.write(List.of(notOurs), List.of(), out.resolve("report")));
        assertTrue(refused.getMessage().contains("other.json is not a metric mode1, mode2, run or replay result"),
                refused.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ComparisonReport.write(List.of(notJson), List.of(), out.resolve("report")));
        Path templates = Files.writeString(out.resolve("run.json"),
                "{\"server\": {\"name\": \"redis\"}, \"config\": {\"threads\": 2}, \"templates\": []}");
        IllegalArgumentException runResult = assertThrows(IllegalArgumentException.class,
                () -> ComparisonReport.write(List.of(templates), List.of(), out.resolve("report")));
        assertTrue(runResult.getMessage().contains("run.json is not a metric mode1, mode2, run or replay result"),
                runResult.getMessage());
        Path notLog = Files.writeString(out.resolve("x.hlog"), "not a log\n");
        assertThrows(IllegalArgumentException.class,
                () -> ComparisonReport.write(List.of(), List.of(notLog), out.resolve("report")));
    }
}
