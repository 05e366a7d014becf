package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.run.FlushPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultsTest {

    @TempDir
    Path directory;

    /** A stand-in for a result's config: a duration, an enum and an instant. */
    record Settings(Duration warmup, Duration commandTimeout, FlushPolicy flush, Instant startedAt) {
    }

    @Test
    void writesTheFileWholeWithTheUsualPermissionsAndLeavesNothingElse() throws Exception {
        Path json = directory.resolve("result.json");
        Path ordinary = Files.writeString(directory.resolve("ordinary.txt"), "x");

        JsonResults.writeDocument("mode1", Map.of("startedAt", Instant.parse("2026-11-21T09:00:00Z")), "gen-a", json);

        assertEquals("{\n  \"schemaVersion\" : 1,\n  \"mode\" : \"mode1\",\n  \"runId\" : \"gen-a\",\n"
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
                FlushPolicy.UNLESS_FOREIGN_KEYS, Instant.parse("2026-11-21T09:00:00Z")), null, json);

        var root = new ObjectMapper().readTree(json.toFile());
        assertEquals(2.5, root.path("warmupSec").doubleValue());
        assertTrue(root.path("warmupSec").isNumber());
        assertEquals(60.0, root.path("commandTimeoutSec").doubleValue());
        assertTrue(root.path("warmup").isMissingNode(), "only the name that says the unit");
        assertEquals("unless_foreign_keys", root.path("flush").asText());
        assertEquals("2026-11-21T09:00:00Z", root.path("startedAt").asText(), "instants stay ISO-8601");
    }

    @Test
    void refusesWhatIsNotAResult() {
        assertThrows(IllegalArgumentException.class,
                () -> JsonResults.write(Map.of("a", 1), directory.resolve("x.json")));
        assertTrue(Files.notExists(directory.resolve("x.json")));
    }

    @Test
    void refusesAFileOfANewerSchemaAndReadsOlderOnes() throws Exception {
        var json = new ObjectMapper();
        Path file = directory.resolve("r.json");

        var newer = assertThrows(IllegalArgumentException.class, () -> JsonResults.checkReadable(
                json.readTree("{\"schemaVersion\": " + (JsonResults.SCHEMA_VERSION + 1) + "}"), file));
        assertTrue(newer.getMessage().contains("written by a newer metric"), newer.getMessage());
        JsonResults.checkReadable(json.readTree("{\"verify\": {}}"), file);
        JsonResults.checkReadable(json.readTree("{\"schemaVersion\": " + JsonResults.SCHEMA_VERSION + "}"), file);
    }
}
