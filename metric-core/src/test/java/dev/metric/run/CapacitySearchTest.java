package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    /** A step of a server that sustains up to {@code capacity} operations per second. */
    record FakeStep(double targetOpsPerSec, boolean passed) implements CapacitySearch.Step {
    }

    private static CapacitySearch.Outcome<FakeStep> search(double start, int maxSteps, double capacity)
            throws InterruptedException {
        return new CapacitySearch(start, maxSteps).run(rate -> new FakeStep(rate, rate <= capacity));
    }

    @Test
    void findsTheHighestPassingRateWithinPrecision() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 30, 37_000);
        assertTrue(outcome.highestPassing() <= 37_000);
        assertTrue(outcome.highestPassing() >= 37_000 * (1 - CapacitySearch.PRECISION_PERCENT / 100),
                "answer " + outcome.highestPassing());
        double bestPassingStep = outcome.steps().stream().filter(FakeStep::passed)
                .mapToDouble(FakeStep::targetOpsPerSec).max().orElse(0);
        assertEquals(bestPassingStep, outcome.highestPassing(), "the answer is the highest passing step");
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 32000.0, 64000.0),
                outcome.steps().subList(0, 7).stream().map(FakeStep::targetOpsPerSec).toList(),
                "the rate doubles until a step fails");
    }

    @Test
    void neverRunsMoreThanMaxSteps() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 4, 1e12);
        assertEquals(4, outcome.steps().size());
        assertEquals(8000, outcome.highestPassing());
    }

    @Test
    void aFailingStartHalvesUntilAStepPasses() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(10_000, 30, 3000);
        assertEquals(List.of(10_000.0, 5000.0, 2500.0),
                outcome.steps().subList(0, 3).stream().map(FakeStep::targetOpsPerSec).toList());
        assertTrue(outcome.highestPassing() <= 3000 && outcome.highestPassing() >= 3000 * 0.98,
                "answer " + outcome.highestPassing());
    }

    @Test
    void aServerThatSustainsNothingGivesZero() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(100, 50, 0);
        assertEquals(0, outcome.highestPassing());
        assertTrue(outcome.steps().size() <= 50);
        assertEquals(1, outcome.steps().get(outcome.steps().size() - 1).targetOpsPerSec(), "it went down to 1 op/s");
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(0, 5));
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(100, 0));
    }
}
