package dev.metric.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * compare's CI gate: does any run fall behind the baseline by more than a threshold? It looks at
 * throughput and the latency users feel ({@link #GATED}) and never passes by accident:
 * <ul>
 *   <li>a run that did not pass (errors, values not as written, operations never sent, stopped
 *       early), the baseline's included, fails the gate whatever its speed;</li>
 *   <li>a figure whose change cannot be computed (unknown, or a baseline of 0) fails it;</li>
 *   <li>a figure worse by more than the threshold fails it when the change is beyond noise, or
 *       when noise is unknown (then the threshold alone judges);</li>
 *   <li>a figure whose noise band is wider than the threshold, and whose change could hide a
 *       slowdown beyond the threshold inside that band, cannot be told: the gate says so rather
 *       than pass a change it could not have seen.</li>
 * </ul>
 * A figure's effective threshold is the larger of the threshold and its band: what a change must
 * exceed to fail the gate.
 */
public final class RegressionGate {

    /** The figures the gate looks at: throughput, and the latency users feel. */
    static final List<Headline> GATED = List.of(Headline.OPS_PER_SEC, Headline.P99);

    /** What the gate found, worst first. */
    public enum Outcome {
        /** A run did not pass, a figure could not be compared, or one is slower by more than the threshold. */
        FAILED,
        /** Nothing failed, but noise wider than the threshold hides whether something is slower. */
        CANNOT_TELL,
        /** Nothing is slower by more than the threshold. */
        PASSED
    }

    /**
     * The gate's finding and its lines, one per run set against the baseline and one in all.
     *
     * @param outcome the worst of the runs' outcomes
     * @param lines   what the report prints, each starting {@code gate}
     */
    public record Verdict(Outcome outcome, List<String> lines) {
    }

    private final RunComparisonTable table;
    private final double thresholdPercent;

    /** @param thresholdPercent how much worse than the baseline a gated figure may be, in percent, 0 or more */
    public RegressionGate(RunComparisonTable table, double thresholdPercent) {
        if (!(thresholdPercent >= 0)) {
            throw new IllegalArgumentException("--fail-if-slower must be a percentage of 0 or more, not "
                    + thresholdPercent);
        }
        this.table = table;
        this.thresholdPercent = thresholdPercent;
    }

    /** Judges every run against the baseline. */
    public Verdict judge() {
        List<String> lines = new ArrayList<>();
        Outcome worst = Outcome.PASSED;
        String baselineFailure = didNotPass(table.baseline());
        for (int i = 0; i < table.others().size(); i++) {
            RunGroup other = table.others().get(i);
            String name = RunComparisonTable.name(i + 1);
            Outcome outcome;
            String why;
            String failure = didNotPass(other);
            if (baselineFailure != null || failure != null) {
                outcome = Outcome.FAILED;
                why = baselineFailure != null ? "A, the baseline, " + baselineFailure
                        : name + " " + failure;
            } else {
                List<FigureChange> gated = table.changes(other).stream()
                        .filter(change -> GATED.contains(change.figure())).toList();
                outcome = Outcome.PASSED;
                for (FigureChange change : gated) {
                    Outcome figure = judge(change);
                    if (figure.compareTo(outcome) < 0) {
                        outcome = figure;
                    }
                }
                why = findings(gated, outcome);
            }
            lines.add(String.format(Locale.ROOT, "gate     %s: %s: %s", name, words(outcome), why));
            if (outcome.compareTo(worst) < 0) {
                worst = outcome;
            }
        }
        lines.add("gate     " + summary(worst));
        return new Verdict(worst, List.copyOf(lines));
    }

    /** One gated figure's change. */
    private Outcome judge(FigureChange change) {
        if (!change.computed()) {
            return Outcome.FAILED;
        }
        double worse = change.worseningPercent();
        if (change.noise() == FigureChange.Noise.UNKNOWN) {
            return worse > thresholdPercent ? Outcome.FAILED : Outcome.PASSED;
        }
        double band = change.bandPercent();
        if (worse > thresholdPercent && worse > band) {
            return Outcome.FAILED;
        }
        return band > thresholdPercent && worse + band > thresholdPercent ? Outcome.CANNOT_TELL : Outcome.PASSED;
    }

    /** Each gated figure's change with its effective threshold, those that decided the outcome first. */
    private String findings(List<FigureChange> gated, Outcome outcome) {
        List<String> deciding = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (FigureChange change : gated) {
            (judge(change) == outcome ? deciding : rest).add(finding(change));
        }
        deciding.addAll(rest);
        return String.join("; ", deciding);
    }

    private String finding(FigureChange change) {
        String figure = change.figure().label();
        if (!change.computed()) {
            return figure + " cannot be compared (n/a): a figure unknown, or a baseline of 0";
        }
        if (change.noise() == FigureChange.Noise.UNKNOWN) {
            return String.format(Locale.ROOT, "%s %s, threshold %s%% alone", figure, change.text(),
                    number(thresholdPercent));
        }
        double effective = Math.max(thresholdPercent, change.bandPercent());
        return String.format(Locale.ROOT, "%s %s, effective threshold %.1f%%%s", figure, change.text(), effective,
                change.bandPercent() > thresholdPercent ? " (the band, wider than the " + number(thresholdPercent)
                        + "% asked)" : "");
    }

    /** Why {@code group} fails the gate by its own verdict, or null when every run of it passed. */
    private static String didNotPass(RunGroup group) {
        List<SavedRun> failed = group.failed();
        if (failed.isEmpty()) {
            return null;
        }
        SavedRun first = failed.get(0);
        String which = group.runs().size() == 1 ? "did not pass"
                : String.format(Locale.ROOT, "has %d of %d runs that did not pass, the first %s", failed.size(),
                group.runs().size(), first.json().getFileName());
        return which + " (" + String.join(", ", first.failures()) + ")";
    }

    private static String words(Outcome outcome) {
        return switch (outcome) {
            case FAILED -> "FAILED";
            case CANNOT_TELL -> "cannot tell at this noise";
            case PASSED -> "passed";
        };
    }

    private String summary(Outcome worst) {
        String threshold = number(thresholdPercent) + "%";
        return switch (worst) {
            case FAILED -> "FAILED: a run did not pass, could not be compared, or is slower than A by more than "
                    + threshold + " in ops/s or p99";
            case CANNOT_TELL -> "cannot tell whether a run is slower than A by more than " + threshold + ": its noise"
                    + " band is wider; give longer runs with interval logs, or more repeats";
            case PASSED -> "passed: nothing slower than A by more than " + threshold + " in ops/s or p99";
        };
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
