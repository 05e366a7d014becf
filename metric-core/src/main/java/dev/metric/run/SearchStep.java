package dev.metric.run;

import java.util.List;

/**
 * One step of a capacity search and its verdict: passed when the achieved rate is at least
 * {@value #ACHIEVED_FRACTION} of the target, every objective holds and nothing failed.
 *
 * @param targetOpsPerSec the rate asked for
 * @param retry           whether this step repeats a failed step at the same rate
 * @param traffic         what the step measured
 * @param slosHeld        for each objective, whether it held
 * @param passed          the verdict
 */
public record SearchStep(double targetOpsPerSec, boolean retry, PhaseResult traffic, List<Boolean> slosHeld, boolean passed)
        implements CapacitySearch.Step {

    /** The share of the target rate a step must achieve. */
    public static final double ACHIEVED_FRACTION = 0.99;

    /** Judges {@code traffic} against the objectives. */
    public static SearchStep judge(double targetOpsPerSec, boolean retry, PhaseResult traffic, List<Slo> slos) {
        List<Boolean> held = slos.stream().map(slo -> slo.heldBy(traffic.allResponseNanos())).toList();
        boolean passed = traffic.achievedOpsPerSec() >= ACHIEVED_FRACTION * targetOpsPerSec
                && !held.contains(false) && traffic.errors() == 0 && traffic.verificationFailures() == 0;
        return new SearchStep(targetOpsPerSec, retry, traffic, held, passed);
    }
}
