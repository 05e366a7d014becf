package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.config.FlushPolicy;
import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.result.ResultSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultsTest {

    @TempDir
    Path directory;

    /** A stand-in for a result's config: a duration, an enum and an instant. */
    record Settings(Duration warmup, Duration commandTimeout, FlushPolicy flush, Instant startedAt) {
    }

    @Test
    void writesTheFileWholeWithItsOriginFirstAndTheUsualPermissionsAndLeavesNothingElse() throws Exception {
        Path json = directory.resolve("result.json");
        Path ordinary = Files.writeString(directory.resolve("ordinary.txt"), "x");

        JsonResults.writeDocument("mode1", Map.of("startedAt", Instant.parse("2026-11-21T09:00:00Z")),
                new RunOrigin("gen-a", List.of("mode1", "4", "100")), null, json);

        assertEquals("{\n  \"schemaVersion\" : 1,\n  \"mode\" : \"mode1\",\n  \"runId\" : \"gen-a\",\n"
                + "  \"commandLine\" : [ \"mode1\", \"4\", \"100\" ],\n"
                + "  \"startedAt\" : \"2026-11-21T09:00:00Z\"\n}\n", Files.readString(json));
        assertEquals(Files.getPosixFilePermissions(ordinary), Files.getPosixFilePermissions(json),
                "readable like any file the user writes, not owner-only");
        try (Stream<Path> files = Files.list(directory)) {
            assertEquals(2, files.count(), "no temporary file left");
        }
    }

    @Test
    void durationsAreSecondsInFieldsNamedForThemAndEnumsAreLowerCase() throws Exception {
        Path json = directory.resolve("result.json");

        JsonResults.writeDocument("mode2", new Settings(Duration.ofMillis(2500), Duration.ofMinutes(1),
                FlushPolicy.UNLESS_FOREIGN_KEYS, Instant.parse("2026-11-21T09:00:00Z")), RunOrigin.UNKNOWN, null, json);

        var root = new ObjectMapper().readTree(json.toFile());
        assertEquals(2.5, root.path("warmupSec").doubleValue());
        assertTrue(root.path("warmupSec").isNumber());
        assertEquals(60.0, root.path("commandTimeoutSec").doubleValue());
        assertTrue(root.path("warmup").isMissingNode(), "only the name that says the unit");
        assertEquals("unless_foreign_keys", root.path("flush").asText());
        assertEquals("2026-11-21T09:00:00Z", root.path("startedAt").asText(), "instants stay ISO-8601");
    }

    /** A stand-in for a phase: one latency. */
    record Phase(LatencySummary latency) {
    }

    @Test
    void eachLatencyHasTheDefaultPercentilesAndThoseChosenWhichTheFileLists() throws Exception {
        Histogram nanos = new Histogram(3);
        for (long value = 1; value <= 100_000; value++) {
            nanos.recordValue(value * 1000); // 1 us .. 100 ms, evenly
        }
        Path json = directory.resolve("result.json");

        JsonResults.writeDocument("mode1", new Phase(LatencySummary.of(nanos)), RunOrigin.UNKNOWN,
                Percentiles.parse("75,99.99"),
                json);

        var root = new ObjectMapper().readTree(json.toFile());
        assertEquals("[75.0,99.99]", root.path("percentiles").toString());
        var latency = root.path("latency");
        assertEquals(List.of("count", "belowZero", "meanMicros", "p50Micros", "p75Micros", "p95Micros", "p99Micros",
                "p999Micros", "p9999Micros", "maxMicros"), fieldNames(latency));
        // 99.99% of 100,000 evenly spread values is the 99,990th: 99,990 us, to HdrHistogram's 3 digits
        assertEquals(99_990, latency.path("p9999Micros").asDouble(), 99_990 * 0.001);
        assertEquals(75_000, latency.path("p75Micros").asDouble(), 75_000 * 0.001);
    }

    private static List<String> fieldNames(com.fasterxml.jackson.databind.JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void refusesAFileOfANewerSchemaAndReadsOlderOnes() throws Exception {
        Path file = directory.resolve("r.json");

        Files.writeString(file, "{\"schemaVersion\": " + (JsonResults.SCHEMA_VERSION + 1) + "}");
        var newer = assertThrows(IllegalArgumentException.class, () -> JsonResults.readResult(file));
        assertTrue(newer.getMessage().contains("written by a newer metric"), newer.getMessage());
        Files.writeString(file, "{\"verify\": {}}");
        assertTrue(JsonResults.readResult(file).has("verify"), "a file older than the version is read");
        Files.writeString(file, "{\"schemaVersion\": " + JsonResults.SCHEMA_VERSION + "}");
        assertEquals(JsonResults.SCHEMA_VERSION, JsonResults.readResult(file).path("schemaVersion").asInt());
    }

    /**
     * A result's summary reads back into the record that wrote it, NaN latencies and lower-case enums
     * included; a result without one (older than the summary) has none, and one that is not a
     * summary is one line naming the file.
     */
    @Test
    void theSummaryReadsBackAsTheTypeThatWroteIt() throws Exception {
        Path json = directory.resolve("summary.json");
        ResultSummary written = new ResultSummary("replay", "replayed commands", 0, 0,
                ResultSummary.Latency.of(null), 3, new ResultSummary.Values(ResultSummary.Verification.NOT_VERIFIED,
                0), false, List.of("3 failed commands"), "client-bound: busy");
        JsonResults.writeDocument("replay", Map.of("summary", written), RunOrigin.UNKNOWN, null, json);

        var root = new ObjectMapper().readTree(json.toFile());
        assertEquals("not_verified", root.at("/summary/verification").asText());
        assertEquals(written, JsonResults.summaryOf(root, json));
        assertNull(JsonResults.summaryOf(new ObjectMapper().readTree("{\"verify\": {}}"), json));
        var bad = assertThrows(IllegalArgumentException.class, () -> JsonResults.summaryOf(
                new ObjectMapper().readTree("{\"summary\": {\"operations\": \"many\"}}"), json));
        assertTrue(bad.getMessage().startsWith(json + ": its summary cannot be read: "), bad.getMessage());
    }

    @Test
    void aMissingFileOrOneThatIsNotJsonIsOneLine() throws Exception {
        Path file = directory.resolve("missing.json");
        var missing = assertThrows(IllegalArgumentException.class, () -> JsonResults.readResult(file));
        assertEquals(file + ": no such file", missing.getMessage());
        Files.writeString(file, "{\"mode\": ");
        var broken = assertThrows(IllegalArgumentException.class, () -> JsonResults.readResult(file));
        assertTrue(broken.getMessage().startsWith(file + " is not JSON: "), broken.getMessage());
        assertEquals(1, broken.getMessage().lines().count(), broken.getMessage());
    }
}
