package dev.metric.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.pacing.TargetRate;
import dev.metric.search.CapacitySearch.Limit;
import dev.metric.search.CapacitySearch.Purpose;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    record FakeStep(double targetOpsPerSec, int factor, Purpose purpose, Limit limit) implements CapacitySearch.Step {
        @Override
        public boolean passed() {
            return limit == null;
        }
    }

    /**
     * A server that serves up to {@code serverCapacity} ops/s within the objective, driven by a
     * client that keeps its schedule up to {@code clientPerFactor} ops/s per unit of concurrency;
     * the steps listed in {@code stalls} (by their number, from 0) fail on the server as a noisy
     * machine's would.
     */
    private static final class Model implements CapacitySearch.StepRunner<FakeStep> {
        final double serverCapacity;
        final double clientPerFactor;
        final Set<Integer> stalls = new HashSet<>();
        final List<FakeStep> run = new ArrayList<>();

        Model(double serverCapacity, double clientPerFactor) {
            this.serverCapacity = serverCapacity;
            this.clientPerFactor = clientPerFactor;
        }

        @Override
        public FakeStep run(double rate, int factor, Purpose purpose) {
            Limit limit = null;
            if (stalls.contains(run.size()) || rate > serverCapacity) {
                limit = Limit.SERVER;
            } else if (rate > clientPerFactor * factor) {
                limit = Limit.CLIENT;
            }
            FakeStep step = new FakeStep(rate, factor, purpose, limit);
            run.add(step);
            return step;
        }
    }

    private static CapacitySearch.Outcome<FakeStep> search(double start, int maxSteps, Model model)
            throws InterruptedException {
        return new CapacitySearch(new TargetRate(start), maxSteps).run(model);
    }

    private static List<Double> rates(List<FakeStep> steps, Purpose purpose) {
        return steps.stream().filter(step -> step.purpose() == purpose).map(FakeStep::targetOpsPerSec).toList();
    }

    /** The answer passed at least twice and never failed. */
    private static void assertConfirmed(CapacitySearch.Outcome<FakeStep> outcome) {
        List<FakeStep> atAnswer = outcome.steps().stream()
                .filter(step -> step.targetOpsPerSec() == outcome.highestConfirmed()).toList();
        assertTrue(atAnswer.stream().filter(FakeStep::passed).count() >= 2, "passed twice: " + atAnswer);
        assertTrue(atAnswer.stream().allMatch(step -> step.passed() || step.limit() == Limit.CLIENT),
                "never failed on the server: " + atAnswer);
    }

    @Test
    void findsTheHighestRateWithinPrecisionAndConfirmsIt() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 30, new Model(37_000, 1e12));

        assertTrue(outcome.highestConfirmed() <= 37_000);
        assertTrue(outcome.highestConfirmed() >= 37_000 * (1 - CapacitySearch.PRECISION_PERCENT / 100),
                "answer " + outcome.highestConfirmed());
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 32000.0, 64000.0),
                rates(outcome.steps(), Purpose.SEARCH).subList(0, 7), "the rate doubles until a step fails");
        assertConfirmed(outcome);
        assertEquals(Purpose.CONFIRM, outcome.steps().get(outcome.steps().size() - 1).purpose(),
                "the last step confirmed the answer");
        assertEquals(Limit.SERVER, outcome.limit());
    }

    @Test
    void aRateThatFailsItsConfirmationIsNeverTheAnswer() throws InterruptedException {
        Model model = new Model(10_000, 1e12);
        CapacitySearch.Outcome<FakeStep> unstalled = search(1000, 30, new Model(10_000, 1e12));
        // Fail the confirmation the search would otherwise have ended with.
        model.stalls.add(unstalled.steps().size() - 1);

        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 30, model);

        double stalledRate = unstalled.highestConfirmed();
        assertTrue(outcome.highestConfirmed() < stalledRate,
                outcome.highestConfirmed() + " is below " + stalledRate + ", which passed once and then failed");
        assertConfirmed(outcome);
    }

    @Test
    void aFailureIsNeverOutweighedByAPassAtTheSameRate() throws InterruptedException {
        Model model = new Model(10_000, 1e12);
        model.stalls.add(3);

        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 30, model);

        assertEquals(8000, outcome.steps().get(3).targetOpsPerSec(), "the stalled step was the one at 8,000");
        assertTrue(outcome.highestConfirmed() < 8000, "answer " + outcome.highestConfirmed());
        assertFalse(outcome.steps().subList(4, outcome.steps().size()).stream()
                .anyMatch(step -> step.targetOpsPerSec() >= 8000), "nothing at or above a failed rate is tried again");
        assertConfirmed(outcome);
    }

    @Test
    void aLateClientGetsMoreConcurrencyUntilTheServerIsTheLimit() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 40, new Model(20_000, 3000));

        assertTrue(outcome.highestConfirmed() >= 20_000 * 0.98, "answer " + outcome.highestConfirmed());
        assertEquals(Limit.SERVER, outcome.limit());
        assertEquals(8, outcome.concurrencyFactor(), "3,000 per unit needs 8 units for 20,000");
        List<FakeStep> more = outcome.steps().stream()
                .filter(step -> step.purpose() == Purpose.MORE_CONCURRENCY).toList();
        assertEquals(List.of(2, 4, 8), more.stream().map(FakeStep::factor).toList());
        for (FakeStep step : more) {
            FakeStep before = outcome.steps().get(outcome.steps().indexOf(step) - 1);
            assertEquals(Limit.CLIENT, before.limit(), "only a late client gets more concurrency");
            assertEquals(before.targetOpsPerSec(), step.targetOpsPerSec(), "at the same rate");
        }
        assertConfirmed(outcome);
    }

    @Test
    void aClientTooSlowEvenWithMostConcurrencyIsTheLimitNamed() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 40, new Model(1e9, 1000));

        assertEquals(Limit.CLIENT, outcome.limit());
        assertEquals(CapacitySearch.MAX_CONCURRENCY_FACTOR, outcome.concurrencyFactor());
        assertTrue(outcome.highestConfirmed() <= 8000 && outcome.highestConfirmed() >= 8000 * 0.98,
                "answer " + outcome.highestConfirmed());
        assertConfirmed(outcome);
    }

    @Test
    void neverRunsMoreThanMaxStepsAndSpendsTheLastConfirmingTheHighestPass() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 4, new Model(1e12, 1e12));

        assertEquals(List.of(1000.0, 2000.0, 4000.0), rates(outcome.steps(), Purpose.SEARCH));
        assertEquals(List.of(4000.0), rates(outcome.steps(), Purpose.CONFIRM));
        assertEquals(4000, outcome.highestConfirmed(), "a lower bound: the budget ran out while still doubling");
        assertEquals(Limit.STEPS, outcome.limit());
    }

    @Test
    void aLastConfirmationThatFailsLeavesNoAnswerFromThatRate() throws InterruptedException {
        Model model = new Model(1e12, 1e12);
        model.stalls.add(3);

        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 4, model);

        assertEquals(4, outcome.steps().size());
        assertEquals(0, outcome.highestConfirmed(), "no rate passed twice");
        assertEquals(Limit.STEPS, outcome.limit());
    }

    @Test
    void aBisectionCutShortByTheBudgetAnswersItsConfirmedHighestPass() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(1000, 9, new Model(37_000, 1e12));

        assertEquals(9, outcome.steps().size());
        assertEquals(Purpose.CONFIRM, outcome.steps().get(8).purpose());
        assertConfirmed(outcome);
        assertTrue(outcome.highestConfirmed() >= 32_000 && outcome.highestConfirmed() < 37_000,
                "answer " + outcome.highestConfirmed());
        assertEquals(Limit.STEPS, outcome.limit());
    }

    @Test
    void aFailingStartHalvesUntilAStepPasses() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(10_000, 30, new Model(3000, 1e12));

        assertEquals(List.of(10_000.0, 5000.0, 2500.0), rates(outcome.steps(), Purpose.SEARCH).subList(0, 3));
        assertTrue(outcome.highestConfirmed() <= 3000 && outcome.highestConfirmed() >= 3000 * 0.98,
                "answer " + outcome.highestConfirmed());
        assertConfirmed(outcome);
    }

    @Test
    void aServerThatSustainsNothingGivesZero() throws InterruptedException {
        CapacitySearch.Outcome<FakeStep> outcome = search(100, 50, new Model(0, 1e12));

        assertEquals(0, outcome.highestConfirmed());
        assertEquals(Limit.SERVER, outcome.limit());
        assertEquals(1, outcome.steps().get(outcome.steps().size() - 1).targetOpsPerSec(), "it went down to 1 op/s");
    }

    /** A runner whose lanes are fixed (a replay's) gets no more concurrency: a late client fails its rate. */
    @Test
    void withFixedConcurrencyALateClientFailsItsRateAtOnce() throws InterruptedException {
        Model model = new Model(1e9, 3000);
        CapacitySearch.Outcome<FakeStep> outcome = new CapacitySearch(new TargetRate(1000), 40, 1).run(model);

        assertEquals(Limit.CLIENT, outcome.limit());
        assertEquals(1, outcome.concurrencyFactor());
        assertTrue(outcome.steps().stream().allMatch(step -> step.factor() == 1 && step.purpose()
                != Purpose.MORE_CONCURRENCY), outcome.steps().toString());
        assertTrue(outcome.highestConfirmed() <= 3000 && outcome.highestConfirmed() >= 3000 * 0.98,
                "answer " + outcome.highestConfirmed());
        assertConfirmed(outcome);
    }

    @Test
    void aStepCutShortByAStopEndsTheSearchWithTheStepsBeforeIt() throws InterruptedException {
        int[] calls = {0};
        CapacitySearch.Outcome<FakeStep> outcome = new CapacitySearch(new TargetRate(1000), 30)
                .run((rate, factor, purpose) -> ++calls[0] == 3 ? null : new FakeStep(rate, factor, purpose, null));

        assertEquals(List.of(1000.0, 2000.0), outcome.steps().stream().map(FakeStep::targetOpsPerSec).toList());
        assertEquals(Limit.STOPPED, outcome.limit());
        assertEquals(0, outcome.highestConfirmed(), "no rate was confirmed before the stop");
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(TargetRate.CLOSED_LOOP, 5));
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(new TargetRate(100), 0));
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(new TargetRate(100), 5, 0));
        assertThrows(IllegalArgumentException.class, () -> new CapacitySearch(new TargetRate(100), 5, 16));
    }
}
