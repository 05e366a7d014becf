package dev.metric.search;

import dev.metric.pacing.TargetRate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Finds the highest target rate a server sustains: doubles the rate from a start until a step
 * fails, then bisects between the highest pass and the lowest failure until they are within
 * {@value #PRECISION_PERCENT}% of each other, and stops once that highest pass is confirmed. A
 * first step that fails halves the rate instead, until one passes. Never more than
 * {@code maxSteps} steps; the last of them confirms the highest pass when it is not confirmed yet,
 * so that a search its budget cuts short still answers, with a rate that passed twice: a lower
 * bound, not within the precision.
 *
 * <p>A rate passes only when confirmed: it passed twice and never failed. One pass is not enough
 * (a noisy minute of a shared machine can let a rate through as easily as it can fail one), and
 * a failure is never outweighed by a pass at the same rate: the answer is never the better of
 * two tries.
 *
 * <p>A step that failed because the client was late rather than the server slow ({@link
 * Limit#CLIENT}) says nothing about the server: the search doubles the client's concurrency (the
 * runner decides what that means: threads, or requests in flight) and runs the same rate again,
 * up to {@value #MAX_CONCURRENCY_FACTOR} times the starting concurrency, as the original design
 * added threads to keep its rate. Only at that limit does a late client fail the rate.
 */
public final class CapacitySearch {

    /** Bisection stops when the highest pass and the lowest failure are this close, in percent. */
    public static final double PRECISION_PERCENT = 2.0;
    /** The most the search multiplies the client's starting concurrency by. */
    public static final int MAX_CONCURRENCY_FACTOR = 8;

    /** What made a step fail, or what ended the search. */
    public enum Limit {
        /** Service time, from the wire to the reply, broke an objective: the server's limit. */
        SERVER,
        /**
         * Response time broke an objective while service time met it, or operations due were
         * never sent: the client was late.
         */
        CLIENT,
        /**
         * Service time broke an objective, but by no more than the client's own stalls at its
         * percentile: the client's process could not run to read the replies in time. A limit of
         * the client's machine, which more concurrency does not lift; the server's is not known.
         */
        STALLS,
        /** Requests failed, or values came back wrong. */
        ERRORS,
        /** The step budget ran out before the answer was confirmed, or before any step failed. */
        STEPS,
        /** The run was stopped. */
        STOPPED
    }

    /** Why a step was run. */
    public enum Purpose {
        /** A rate the search had not tried. */
        SEARCH("search"),
        /** The second run of a rate that passed once. */
        CONFIRM("confirm"),
        /** The rate again, with more concurrency, after the client was late. */
        MORE_CONCURRENCY("more concurrency");

        private final String label;

        Purpose(String label) {
            this.label = label;
        }

        /** How the report and progress lines say it. */
        public String label() {
            return label;
        }
    }

    /** Runs one step at a target rate and judges it. */
    @FunctionalInterface
    public interface StepRunner<S extends Step> {
        /**
         * @param concurrencyFactor the starting concurrency times this, a power of two
         * @return the judged step, or null when the run was stopped during it: the search ends
         *         there, with the steps before it
         */
        S run(double targetOpsPerSec, int concurrencyFactor, Purpose purpose) throws InterruptedException;
    }

    /** What a search needs to know of a step. */
    public interface Step {
        double targetOpsPerSec();

        /** Why the step ran. */
        Purpose purpose();

        boolean passed();

        /** Why the step failed; null when it passed. */
        Limit limit();
    }

    /**
     * The steps in the order they ran and the answer.
     *
     * @param steps             every step run
     * @param highestConfirmed  the highest rate that passed twice and never failed, 0 when none did
     * @param limit             what stopped the search above that rate: the failure of the lowest
     *                          failing rate, or the step budget, or a stop
     * @param concurrencyFactor the concurrency the search ended with, as a factor of the start
     */
    public record Outcome<S extends Step>(List<S> steps, double highestConfirmed, Limit limit, int concurrencyFactor) {
    }

    private final double startOpsPerSec;
    private final int maxSteps;
    private final int maxConcurrencyFactor;

    /** @param start the rate of the first step: a target, not a closed loop */
    public CapacitySearch(TargetRate start, int maxSteps) {
        this(start, maxSteps, MAX_CONCURRENCY_FACTOR);
    }

    /**
     * @param start                the rate of the first step: a target, not a closed loop
     * @param maxConcurrencyFactor the most the client's concurrency may be multiplied by: 1 for a
     *                             runner whose lanes are fixed, where a late client fails its rate at once
     */
    public CapacitySearch(TargetRate start, int maxSteps, int maxConcurrencyFactor) {
        if (!start.paced()) {
            throw new IllegalArgumentException("a search starts at a target rate, not a closed loop");
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("max steps must be at least 1, got " + maxSteps);
        }
        if (maxConcurrencyFactor < 1 || maxConcurrencyFactor > MAX_CONCURRENCY_FACTOR) {
            throw new IllegalArgumentException("the concurrency factor is 1 to " + MAX_CONCURRENCY_FACTOR + ", got "
                    + maxConcurrencyFactor);
        }
        this.startOpsPerSec = start.opsPerSec();
        this.maxSteps = maxSteps;
        this.maxConcurrencyFactor = maxConcurrencyFactor;
    }

    public <S extends Step> Outcome<S> run(StepRunner<S> runner) throws InterruptedException {
        List<S> steps = new ArrayList<>();
        /* Rates that passed and never failed, with how many times they passed. */
        TreeMap<Double, Integer> passes = new TreeMap<>();
        double lowestFail = Double.POSITIVE_INFINITY;
        Limit lowestFailLimit = null;
        int factor = 1;
        double rate = startOpsPerSec;
        Purpose purpose = Purpose.SEARCH;
        while (steps.size() < maxSteps) {
            if (Thread.currentThread().isInterrupted()) {
                return new Outcome<>(List.copyOf(steps), highestConfirmed(passes), Limit.STOPPED, factor);
            }
            S step = runner.run(rate, factor, purpose);
            if (step == null) {
                return new Outcome<>(List.copyOf(steps), highestConfirmed(passes), Limit.STOPPED, factor);
            }
            steps.add(step);
            if (!step.passed() && step.limit() == Limit.CLIENT && factor < maxConcurrencyFactor) {
                factor *= 2;
                purpose = Purpose.MORE_CONCURRENCY;
                continue;
            }
            if (step.passed()) {
                if (rate < lowestFail) {
                    passes.merge(rate, 1, Integer::sum);
                }
            } else {
                passes.tailMap(rate, true).clear();
                if (rate <= lowestFail) {
                    lowestFail = rate;
                    lowestFailLimit = step.limit();
                }
            }
            Double highestPass = passes.isEmpty() ? null : passes.lastKey();
            if (lowestFail == Double.POSITIVE_INFINITY) {
                rate = highestPass * 2;
                purpose = Purpose.SEARCH;
            } else if (highestPass == null) {
                if (rate <= 1) {
                    return new Outcome<>(List.copyOf(steps), 0, lowestFailLimit, factor);
                }
                rate = Math.max(1, Math.floor(lowestFail / 2));
                purpose = Purpose.SEARCH;
            } else if ((lowestFail - highestPass) * 100 <= PRECISION_PERCENT * highestPass
                    || Math.floor((highestPass + lowestFail) / 2) <= highestPass) {
                if (passes.get(highestPass) >= 2) {
                    return new Outcome<>(List.copyOf(steps), highestPass, lowestFailLimit, factor);
                }
                rate = highestPass;
                purpose = Purpose.CONFIRM;
            } else {
                rate = Math.floor((highestPass + lowestFail) / 2);
                purpose = Purpose.SEARCH;
            }
            if (steps.size() == maxSteps - 1 && highestPass != null && passes.get(highestPass) < 2) {
                rate = highestPass;
                purpose = Purpose.CONFIRM;
            }
        }
        return new Outcome<>(List.copyOf(steps), highestConfirmed(passes), Limit.STEPS, factor);
    }

    private static double highestConfirmed(TreeMap<Double, Integer> passes) {
        return passes.descendingMap().entrySet().stream().filter(pass -> pass.getValue() >= 2)
                .mapToDouble(pass -> pass.getKey()).findFirst().orElse(0);
    }
}
