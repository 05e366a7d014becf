package dev.metric.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.compare.FigureChange.Noise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunComparisonTableTest {

    /** Per-second counts that vary by 3.2% (coefficient of variation): a band of ±6.3%. */
    private static final long[] STEADY = {10_000, 10_400, 9_600, 10_200, 9_800};

    @TempDir
    Path directory;

    @Test
    void singleRunsWithIntervalLogsFlagAPlantedTwentyPercentDropAndNotATwoPercentOne() throws IOException {
        RunGroup baseline = logged("a", 10_000, 1.0);
        RunGroup twenty = logged("b20", 8_000, 0.8);
        RunGroup two = logged("b2", 9_800, 0.98);

        FigureChange drop = opsPerSec(baseline, twenty);
        assertEquals(-20.0, drop.percent(), 1e-9);
        assertEquals(Noise.BEYOND, drop.noise());
        assertEquals(6.3, drop.bandPercent(), 0.05, "twice the 3.16% the seconds vary by");
        FigureChange slight = opsPerSec(baseline, two);
        assertEquals(Noise.WITHIN, slight.noise());

        assertEquals(1, new RunComparisonTable(List.of(baseline, twenty)).slowerThan(5).size());
        assertTrue(new RunComparisonTable(List.of(baseline, two)).slowerThan(1).isEmpty(),
                "2% is over the threshold of 1%, but within noise");
    }

    @Test
    void repeatsJudgeAChangeByWhetherTheirRangesOverlap() throws IOException {
        RunGroup baseline = repeats("base", 1.0);
        RunGroup twenty = repeats("b20", 0.8);
        RunGroup two = repeats("b2", 0.98);

        assertEquals(10_000, baseline.median(Headline.OPS_PER_SEC));
        assertEquals(Noise.BEYOND, opsPerSec(baseline, twenty).noise(), "7,760-8,240 against 9,700-10,300");
        assertEquals(Noise.WITHIN, opsPerSec(baseline, two).noise(), "9,506-10,094 overlaps 9,700-10,300");
        String text = new RunComparisonTable(List.of(baseline, twenty)).text();
        assertTrue(text.contains(
                "| ops/s | 10,000 (9,700-10,300) | 8,000 (7,760-8,240) | -20.0% beyond noise (ranges) |"), text);
    }

    @Test
    void withoutRepeatsOrLogsNoiseIsUnknownAndTheGateGoesByTheThresholdAlone() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0, "7.0.15");
        RunGroup slower = single("b", 9_000, 100.0, "7.0.15");

        assertEquals(Noise.UNKNOWN, opsPerSec(baseline, slower).noise());
        RunComparisonTable table = new RunComparisonTable(List.of(baseline, slower));
        assertEquals(1, table.slowerThan(5).size());
        assertTrue(table.slowerThan(15).isEmpty());
        assertTrue(table.text().contains("verdict  B: noise unknown"), table.text());
    }

    @Test
    void aLongerP99IsSlowerAndMoreOperationsAreNot() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0, "7.0.15");
        RunGroup laggard = single("b", 10_000, 130.0, "7.0.15");
        RunGroup faster = single("c", 12_000, 100.0, "7.0.15");

        RunComparisonTable table = new RunComparisonTable(List.of(baseline, laggard, faster));

        List<String> slower = table.slowerThan(10);
        assertEquals(1, slower.size(), slower.toString());
        assertTrue(slower.get(0).startsWith("B (p99 (ms) +30.0%"), slower.get(0));
        assertTrue(table.text().contains("| p99 (ms) | 0.100 | 0.130 | +30.0% (noise unknown) | 0.100 | +0.0%"),
                table.text());
    }

    @Test
    void saysHowEachRunWasSetUpDifferentlyFromTheBaseline() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0, "7.0.15");
        RunGroup upgraded = single("b", 10_000, 100.0, "7.2.4");

        String text = new RunComparisonTable(List.of(baseline, upgraded)).text();

        assertTrue(text.contains("differs  B: server version 7.0.15 -> 7.2.4\n"), text);
        assertTrue(text.startsWith("compare  A = a (mode2, 1 run), the baseline\n         B = b (mode2, 1 run)\n"),
                text);
    }

    @Test
    void refusesWhatIsNotARunsResultAndRepeatsOfTwoModes() throws IOException {
        Path comparison = Files.writeString(directory.resolve("summary.json"),
                "{\"schemaVersion\": 1, \"mode\": \"comparison\", \"groups\": []}");
        Path old = Files.writeString(directory.resolve("old.json"), "{\"schemaVersion\": 1, \"mode\": \"mode1\"}");
        Path newer = Files.writeString(directory.resolve("newer.json"), "{\"schemaVersion\": 99, \"mode\": \"mode1\"}");
        Path broken = Files.writeString(directory.resolve("broken.json"), "{\"schemaVersion\": ");

        assertTrue(message(comparison).contains("is a comparison of runs, not a run's result"));
        assertTrue(message(old).contains("has no summary"));
        assertTrue(message(newer).contains("was written by a newer metric"));
        assertTrue(message(broken).contains("is not JSON"));
        assertTrue(message(directory.resolve("absent.json")).endsWith("absent.json: no such file"));
        SavedRun mode2 = SavedRun.read(SavedRuns.json(directory, "m2", 1, 1, "7.0.15"));
        SavedRun mode1 = new SavedRun(Path.of("m1.json"), "mode1", mode2.root(), mode2.figures(), 0, "verified",
                true, null);
        assertThrows(IllegalArgumentException.class, () -> new RunGroup("mixed", List.of(mode2, mode1)));
        assertThrows(IllegalArgumentException.class, () -> new RunComparisonTable(List.of(single("x", 1, 1, "7"))));
    }

    private String message(Path json) {
        return assertThrows(IllegalArgumentException.class, () -> SavedRun.read(json)).getMessage();
    }

    private static FigureChange opsPerSec(RunGroup baseline, RunGroup other) {
        return FigureChange.of(Headline.OPS_PER_SEC, baseline, other);
    }

    private RunGroup single(String name, double opsPerSec, double p99Micros, String version) throws IOException {
        return new RunGroup(name, List.of(SavedRun.read(SavedRuns.json(directory, name, opsPerSec, p99Micros,
                version))));
    }

    private RunGroup logged(String name, double opsPerSec, double factor) throws IOException {
        SavedRuns.hdrLog(directory, name, SavedRuns.scaled(factor, STEADY));
        return single(name, opsPerSec, 100.0, "7.0.15");
    }

    /** Three runs at 9,700, 10,000 and 10,300 ops/s, each times {@code factor}, without interval logs. */
    private RunGroup repeats(String name, double factor) throws IOException {
        List<SavedRun> runs = new ArrayList<>();
        double[] rates = {9_700, 10_000, 10_300};
        for (int i = 0; i < rates.length; i++) {
            runs.add(SavedRun.read(SavedRuns.json(directory.resolve(name), "r" + i, rates[i] * factor, 100.0,
                    "7.0.15")));
        }
        return new RunGroup(name, runs);
    }
}
