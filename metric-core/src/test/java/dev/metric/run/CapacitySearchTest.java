package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    /** A step of a server that sustains up to {@code capacity} operations per second. */
    record FakeStep(double targetOpsPerSec, boolean retry, boolean passed) implements CapacitySearch.Step {
    }

    private static CapacitySearch.Outcome<FakeStep> search(double start, int maxSteps, double capacity)
            throws InterruptedException {
        return new CapacitySearch(start, maxSteps).run((rate, retry) -> new FakeStep(rate, retry, rate <= capacity));
    }

    private static List<Double> firstRuns(CapacitySearch.Outcome<FakeStep> outcome) {
        return outcome.steps().stream().filter(step -> !step.retry()).map(FakeStep::targetOpsPerSec).toList();
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
                firstRuns(outcome).subList(0, 7), "the rate doubles until a step fails");
        for (int i = 0; i < outcome.steps().size(); i++) {
            FakeStep step = outcome.steps().get(i);
            if (!step.passed() && !step.retry()) {
                FakeStep next = outcome.steps().get(i + 1);
                assertTrue(next.retry() && next.targetOpsPerSec() == step.targetOpsPerSec(),
                        "a failed step is run again at once");
            }
        }
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
        assertEquals(List.of(10_000.0, 5000.0, 2500.0), firstRuns(outcome).subList(0, 3));
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
    void aStepThatFailsOnceButPassesWhenRunAgainDoesNotCapTheAnswer() throws InterruptedException {
        java.util.Set<Double> stalled = new java.util.HashSet<>(List.of(1000.0));
        CapacitySearch.Outcome<FakeStep> outcome = new CapacitySearch(1000, 30).run((rate, retry) ->
                new FakeStep(rate, retry, rate <= 6000 && !(stalled.remove(rate) && !retry)));

        assertEquals(List.of(1000.0, 1000.0, 2000.0), outcome.steps().subList(0, 3).stream()
                .map(FakeStep::targetOpsPerSec).toList());
        assertTrue(outcome.steps().get(1).retry() && outcome.steps().get(1).passed());
        assertTrue(outcome.highestPassing() >= 6000 * 0.98, "answer " + outcome.highestPassing());
    }

    @Test
    void theRetryCountsAgainstTheBudget() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 3, 1500);
        assertEquals(3, outcome.steps().size());
        assertEquals(List.of(1000.0, 2000.0, 2000.0), outcome.steps().stream().map(FakeStep::targetOpsPerSec).toList());
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(0, 5));
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(100, 0));
    }

    @Test
    void aStepCutShortByAStopEndsTheSearchWithTheStepsBeforeIt() throws InterruptedException {
        int[] calls = {0};
        CapacitySearch.Outcome<FakeStep> outcome = new CapacitySearch(1000, 30).run((rate, retry) ->
                ++calls[0] == 3 ? null : new FakeStep(rate, retry, true));

        assertEquals(List.of(1000.0, 2000.0), outcome.steps().stream().map(FakeStep::targetOpsPerSec).toList());
        assertEquals(2000, outcome.highestPassing());
        assertEquals(3, calls[0]);
    }
}
