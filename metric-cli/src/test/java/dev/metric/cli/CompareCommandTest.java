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

    @TempDir
    Path directory;

    private String baseline;

    @BeforeEach
    void writeTheBaseline() throws IOException {
        baseline = planted("a", 1.0, 1);
    }

    /**
     * Runs of a minute whose seconds vary by 11%, as docs/outputs.md's example does: a 20% drop is
     * beyond the noise of a whole minute's rate, though not beyond twice one second's variation.
     */
    @Test
    void aPlantedTwentyPercentRegressionFailsTheGate() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.8, 2), "--fail-if-slower", "5");

        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("| ops/s | 10,000 | 8,000 | -20.0% beyond noise (±"), run.out());
        assertTrue(run.out().contains("verdict  B: worse beyond noise: ops/s -20.0%\n"), run.out());
        assertTrue(run.out().contains("gate     B: FAILED: ops/s -20.0% beyond noise (±"), run.out());
        assertTrue(run.out().endsWith("gate     FAILED: a run did not pass, could not be compared, or is slower than"
                + " A by more than 5% in ops/s or p99\n"), run.out());
    }

    @Test
    void aChangeHiddenByNoiseWiderThanTheThresholdCannotBeToldAndExits4() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.98, 3), "--fail-if-slower", "1");

        assertEquals(4, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("| ops/s | 10,000 | 9,800 | -2.0% within noise (±"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("gate     B: cannot tell at this noise: ops/s"
                + " -2.0% within noise") && line.contains("(the band, wider than the 1% asked)")), run.out());
        assertTrue(CliRun.of("compare", "--help").out().contains("4   with --fail-if-slower: nothing failed, but a"
                + " noise band wider than PCT"), "the exit code is listed in the help");
    }

    @Test
    void aFasterRunThatDidNotPassFailsTheGate() throws IOException {
        String broken = SavedRuns.failed(directory, "broken", 12_000, 90.0, "7 verification failures").toString();

        CliRun run = CliRun.of("compare", baseline, broken, "--fail-if-slower", "5");

        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("gate     B: FAILED: B did not pass (7 verification failures)\n"), run.out());
    }

    @Test
    void withoutTheGateARegressionIsShownAndExits0() throws IOException {
        CliRun run = CliRun.of("compare", baseline, planted("b", 0.8, 2));

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

    /** {@code name}.json at 10,000 ops/s times {@code factor}, with a minute's interval log scaled alike. */
    private String planted(String name, double factor, long seed) throws IOException {
        SavedRuns.hdrLog(directory, name, SavedRuns.noisy(60, 10_000 * factor, 1_100 * factor, seed));
        return SavedRuns.json(directory, name, 10_000 * factor, 100.0, "7.0.15").toString();
    }
}
