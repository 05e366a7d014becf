package dev.metric.cli.option;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SavedCommandLineTest {

    @Test
    void keepsTheArgumentsAsGivenAfterMetric() {
        assertEquals(List.of("metric", "mode2", "4", "100", "--rate", "20k", "--json", "r.json"),
                SavedCommandLine.of(List.of("mode2", "4", "100", "--rate", "20k", "--json", "r.json")));
    }

    @Test
    void masksThePasswordGivenEitherWay() {
        assertEquals(List.of("metric", "mode1", "1", "1", "--password", "***", "--user", "bench"),
                SavedCommandLine.of(List.of("mode1", "1", "1", "--password", "s3cret", "--user", "bench")));
        assertEquals(List.of("metric", "mode1", "1", "1", "--password=***"),
                SavedCommandLine.of(List.of("mode1", "1", "1", "--password=s3cret")));
    }

    @Test
    void masksThePasswordOfAUriAndLeavesTheRestOfIt() {
        assertEquals(List.of("metric", "run", "1", "--uri", "rediss://bench:***@cache.example:6380/2",
                        "--uri=redis://:***@h:1"),
                SavedCommandLine.of(List.of("run", "1", "--uri", "rediss://bench:pa%40ss@cache.example:6380/2",
                        "--uri=redis://:x@h:1")));
        assertEquals(List.of("metric", "run", "1", "--uri", "redis://bench@h:1", "--password-file", "pw.txt"),
                SavedCommandLine.of(List.of("run", "1", "--uri", "redis://bench@h:1", "--password-file", "pw.txt")),
                "a user without a password, and a password file's name, are no secrets");
    }
}
