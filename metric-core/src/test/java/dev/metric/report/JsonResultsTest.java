package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultsTest {

    @TempDir
    Path directory;

    @Test
    void writesTheFileWholeWithTheUsualPermissionsAndLeavesNothingElse() throws Exception {
        Path json = directory.resolve("result.json");
        Path ordinary = Files.writeString(directory.resolve("ordinary.txt"), "x");

        JsonResults.write(Map.of("startedAt", Instant.parse("2026-11-21T09:00:00Z")), json);

        assertEquals("{\n  \"startedAt\" : \"2026-11-21T09:00:00Z\"\n}\n", Files.readString(json));
        assertEquals(Files.getPosixFilePermissions(ordinary), Files.getPosixFilePermissions(json),
                "readable like any file the user writes, not owner-only");
        try (Stream<Path> files = Files.list(directory)) {
            assertEquals(2, files.count(), "no temporary file left");
        }
    }
}
