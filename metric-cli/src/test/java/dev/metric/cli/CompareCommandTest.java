package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.compare.SavedRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code metric compare} on saved runs with planted changes: its table, its gate and its refusals. */
class CompareCommandTest {

    /** One-second counts varying by 3.2%: a single run's noise band of ±6.3%. */
    private static final long[] STEADY = {10_000, 10_400, 9_600, 10_200, 9_800};

    @TempDir
    Path directory;

    private String baseline;

    @BeforeEach
    void writeTheBaseline() throws IOException {
        baseline = planted("a", 1.0);
    }

    @Test
    void aPlantedTwentyPercentRegressionFailsTheGate() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.8), "--fail-if-slower", "5");

        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("| ops/s | 10,000 | 8,000 | -20.0% beyond noise (±6.3%) |"), run.out());
        assertTrue(run.out().contains("verdict  B: worse beyond noise: ops/s -20.0%\n"), run.out());
        assertTrue(run.out().endsWith(
                "gate     slower than A by more than 5%: B (ops/s -20.0% beyond noise (±6.3%))\n"), run.out());
    }

    @Test
    void aPlantedTwoPercentChangeIsWithinNoiseAndPassesEvenATighterGate() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.98), "--fail-if-slower", "1");

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("| ops/s | 10,000 | 9,800 | -2.0% within noise (±6.3%) |"), run.out());
        assertTrue(run.out().contains("verdict  B: no change beyond noise\n"), run.out());
        assertTrue(run.out().endsWith("gate     nothing slower than A by more than 1% beyond noise\n"), run.out());
    }

    @Test
    void withoutTheGateARegressionIsShownAndExits0() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.8));

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("-20.0% beyond noise"), run.out());
    }

    @Test
    void badInputIsOneLineAndExit2() throws IOException {
        Path mixed = directory.resolve("mixed");
        Files.createDirectories(mixed);
        Files.copy(Path.of(baseline), mixed.resolve("one.json"));
        Files.writeString(mixed.resolve("two.json"), Files.readString(Path.of(baseline))
                .replace("\"mode\": \"mode2\"", "\"mode\": \"run\""));

        assertRefused(CliRun.of("compare", baseline), "compare");
        assertRefused(CliRun.of("compare", baseline, baseline, "--fail-if-slower", "-3"),
                "--fail-if-slower must be a percentage of 0 or more");
        assertRefused(CliRun.of("compare", baseline, directory.resolve("none.json").toString()), "no such file");
        assertRefused(CliRun.of("compare", baseline, mixed.toString()), "mixes mode2 and run results");
        assertRefused(CliRun.of("compare", baseline, directory.resolve("a.hlog").toString()), "is not JSON");
    }

    private static void assertRefused(CliRun run, String reason) {
        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("metric compare: ") && run.err().contains(reason), run.err());
    }

    /** {@code name}.json at 10,000 ops/s times {@code factor}, with its interval log scaled alike. */
    private String planted(String name, double factor) throws IOException {
        SavedRuns.hdrLog(directory, name, SavedRuns.scaled(factor, STEADY));
        return SavedRuns.json(directory, name, 10_000 * factor, 100.0, "7.0.15").toString();
    }
}
