package dev.metric.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.compare.RegressionGate.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegressionGateTest {

    @TempDir
    Path directory;

    @Test
    void aRunThatDidNotPassFailsTheGateHoweverFastItWas() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0);
        RunGroup broken = group("b", SavedRuns.failed(directory, "b", 20_000, 50.0, "3 failed requests",
                "12 operations due never sent"));

        RegressionGate.Verdict verdict = judge(5, baseline, broken);

        assertEquals(Outcome.FAILED, verdict.outcome());
        assertEquals("gate     B: FAILED: B did not pass (3 failed requests, 12 operations due never sent)",
                verdict.lines().get(0));
    }

    @Test
    void aBaselineThatDidNotPassFailsTheGateToo() throws IOException {
        RunGroup broken = group("a", SavedRuns.failed(directory, "a", 10_000, 100.0, "stopped early"));

        RegressionGate.Verdict verdict = judge(5, broken, single("b", 10_000, 100.0));

        assertEquals(Outcome.FAILED, verdict.outcome());
        assertTrue(verdict.lines().get(0).endsWith("A, the baseline, did not pass (stopped early)"),
                verdict.lines().get(0));
    }

    @Test
    void aFigureThatCannotBeComparedIsNeverWithinNoise() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0);
        RunGroup unmeasured = single("b", 10_000, Double.NaN);

        RegressionGate.Verdict verdict = judge(5, baseline, unmeasured);

        assertEquals(Outcome.FAILED, verdict.outcome());
        assertTrue(verdict.lines().get(0).startsWith("gate     B: FAILED: p99 (ms) cannot be compared (n/a)"),
                verdict.lines().get(0));
    }

    @Test
    void withoutNoiseTheThresholdAloneJudges() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0);
        RunGroup slower = single("b", 9_000, 100.0);
        RunGroup laggard = single("c", 10_000, 130.0);

        assertEquals(Outcome.FAILED, judge(5, baseline, slower).outcome());
        assertEquals(Outcome.PASSED, judge(15, baseline, slower).outcome());
        RegressionGate.Verdict verdict = judge(10, baseline, laggard);
        assertEquals(Outcome.FAILED, verdict.outcome());
        assertTrue(verdict.lines().get(0).startsWith("gate     B: FAILED: p99 (ms) +30.0% (noise unknown), threshold"
                + " 10% alone"), verdict.lines().get(0));
    }

    /** Repeats at 9,700-10,300 ops/s and at 2% less: a band of ±4.2%, wider than a 1% threshold. */
    @Test
    void aBandWiderThanTheThresholdCannotTellAndSaysItsEffectiveThreshold() throws IOException {
        RunGroup baseline = SavedRuns.repeats(directory, "base", 1.0);
        RunGroup slightly = SavedRuns.repeats(directory, "b2", 0.98);

        RegressionGate.Verdict verdict = judge(1, baseline, slightly);

        assertEquals(Outcome.CANNOT_TELL, verdict.outcome());
        assertTrue(verdict.lines().get(0).startsWith("gate     B: cannot tell at this noise: ops/s -2.0% within noise"
                + " (±4.2%), effective threshold 4.2% (the band, wider than the 1% asked)"), verdict.lines().get(0));
        assertTrue(verdict.lines().get(1).startsWith("gate     cannot tell whether a run is slower than A by more"
                + " than 1%"), verdict.lines().get(1));
        assertEquals(Outcome.PASSED, judge(5, baseline, slightly).outcome(), "a band within the threshold judges");
    }

    @Test
    void aRegressionBeyondAWideBandStillFailsAndAGainBeyondItPasses() throws IOException {
        RunGroup baseline = SavedRuns.repeats(directory, "base", 1.0);

        assertEquals(Outcome.FAILED, judge(1, baseline, SavedRuns.repeats(directory, "b20", 0.8)).outcome());
        assertEquals(Outcome.PASSED, judge(1, baseline, SavedRuns.repeats(directory, "b130", 1.3)).outcome(),
                "30% more ops/s, known to within 4.2%, cannot be 1% fewer");
    }

    @Test
    void theWorstRunDecidesAndEachHasItsLine() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0);

        RegressionGate.Verdict verdict = judge(5, baseline, single("b", 10_100, 100.0), single("c", 8_000, 100.0));

        assertEquals(Outcome.FAILED, verdict.outcome());
        assertEquals(3, verdict.lines().size(), verdict.lines().toString());
        assertTrue(verdict.lines().get(0).startsWith("gate     B: passed: "), verdict.lines().get(0));
        assertTrue(verdict.lines().get(1).startsWith("gate     C: FAILED: ops/s -20.0%"), verdict.lines().get(1));
        assertTrue(verdict.lines().get(2).startsWith("gate     FAILED: "), verdict.lines().get(2));
    }

    @Test
    void refusesANegativeOrUnknownThreshold() throws IOException {
        RunComparisonTable table = new RunComparisonTable(List.of(single("a", 1, 1), single("b", 1, 1)));

        assertThrows(IllegalArgumentException.class, () -> new RegressionGate(table, -3));
        assertThrows(IllegalArgumentException.class, () -> new RegressionGate(table, Double.NaN));
    }

    private static RegressionGate.Verdict judge(double thresholdPercent, RunGroup... groups) {
        return new RegressionGate(new RunComparisonTable(List.of(groups)), thresholdPercent).judge();
    }

    private RunGroup single(String name, double opsPerSec, double p99Micros) throws IOException {
        return group(name, SavedRuns.json(directory, name, opsPerSec, p99Micros, "7.0.15"));
    }

    private static RunGroup group(String name, Path json) throws IOException {
        return new RunGroup(name, List.of(SavedRun.read(json)));
    }
}
