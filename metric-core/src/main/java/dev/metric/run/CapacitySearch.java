package dev.metric.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the highest target rate a server sustains: doubles the rate from a start until a step
 * fails, then bisects between the highest pass and the lowest failure until they are within
 * {@value #PRECISION_PERCENT}% of each other or the step budget is spent. A first step that
 * fails halves the rate instead, until one passes. Bounded: never more than {@code maxSteps}.
 *
 * <p>A failing step is run once more at the same rate before the rate counts as failed: one
 * stall of a shared machine would otherwise cap the answer for the rest of the search, since
 * no rate above a failure is tried again. Both runs are steps and count against the budget.
 */
public final class CapacitySearch {

    /** Bisection stops when the highest pass and the lowest failure are this close, in percent. */
    public static final double PRECISION_PERCENT = 2.0;

    /** Runs one step at a target rate and judges it. */
    @FunctionalInterface
    public interface StepRunner<S extends Step> {
        /**
         * @param retry whether this step repeats the failed step before it
         * @return the judged step, or null when the run was stopped during it: the search ends
         *         there, with the steps before it
         */
        S run(double targetOpsPerSec, boolean retry) throws InterruptedException;
    }

    /** What a search needs to know of a step. */
    public interface Step {
        double targetOpsPerSec();

        boolean passed();
    }

    /**
     * The steps in the order they ran and the answer.
     *
     * @param steps           every step run
     * @param highestPassing  the highest target rate that passed, or 0 when none did
     */
    public record Outcome<S extends Step>(List<S> steps, double highestPassing) {
    }

    private final double startOpsPerSec;
    private final int maxSteps;

    public CapacitySearch(double startOpsPerSec, int maxSteps) {
        if (!(startOpsPerSec >= 1) || Double.isInfinite(startOpsPerSec)) {
            throw new IllegalArgumentException("search start rate must be at least 1 op/s, got " + startOpsPerSec);
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("max steps must be at least 1, got " + maxSteps);
        }
        this.startOpsPerSec = startOpsPerSec;
        this.maxSteps = maxSteps;
    }

    public <S extends Step> Outcome<S> run(StepRunner<S> runner) throws InterruptedException {
        List<S> steps = new ArrayList<>();
        double highestPass = 0;
        double lowestFail = Double.POSITIVE_INFINITY;
        double rate = startOpsPerSec;
        while (steps.size() < maxSteps && !Thread.currentThread().isInterrupted()) {
            S step = runner.run(rate, false);
            if (step == null) {
                break;
            }
            steps.add(step);
            if (!step.passed() && steps.size() < maxSteps) {
                step = runner.run(rate, true);
                if (step == null) {
                    break;
                }
                steps.add(step);
            }
            if (step.passed()) {
                highestPass = Math.max(highestPass, rate);
            } else {
                lowestFail = Math.min(lowestFail, rate);
            }
            if (lowestFail == Double.POSITIVE_INFINITY) {
                rate = highestPass * 2;
            } else if (highestPass == 0) {
                if (rate <= 1) {
                    break;
                }
                rate = Math.max(1, Math.floor(lowestFail / 2));
            } else {
                if ((lowestFail - highestPass) * 100 <= PRECISION_PERCENT * highestPass) {
                    break;
                }
                rate = Math.floor((highestPass + lowestFail) / 2);
                if (rate <= highestPass || rate >= lowestFail) {
                    break;
                }
            }
        }
        return new Outcome<>(List.copyOf(steps), highestPass);
    }
}
