package dev.metric.report;

import dev.metric.config.Slo;
import dev.metric.result.JvmActivity;
import dev.metric.search.CapacitySearch;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * How a report says what a capacity search ({@code --find-max}) found and what stopped it, the
 * same for every mode that searches (mode2, run): each step's verdict, the answer, and the limit
 * above it in words.
 */
public final class SearchText {

    private SearchText() {
    }

    /**
     * A search's steps as a table, a row each: its number, target rate and why it ran, the mode's
     * {@code cells} of it under {@code headings} (aligned by {@code alignments}), and its verdict.
     */
    public static <S extends CapacitySearch.Step> void steps(StringBuilder out, List<S> steps, String headings,
                                                             String alignments, Function<S, String> cells) {
        out.append("| step | target ops/s | why | ").append(headings).append(" | verdict |\n");
        out.append("|---:|---:|---|").append(alignments).append("---|\n");
        int number = 1;
        for (S step : steps) {
            out.append(String.format(Locale.ROOT, "| %d | %,.0f | %s | ", number++, step.targetOpsPerSec(),
                    step.purpose().label())).append(cells.apply(step)).append(" | ").append(verdict(step))
                    .append(" |\n");
        }
    }

    /** A step's cell in the steps table: {@code pass}, or {@code fail:} and the limit it met. */
    public static String verdict(CapacitySearch.Step step) {
        return step.passed() ? "pass" : "fail: " + switch (step.limit()) {
            case SERVER -> "server (service time)";
            case CLIENT -> "client (late)";
            case STALLS -> "client (stalls)";
            case ERRORS -> "errors";
            case STEPS, STOPPED -> step.limit().name().toLowerCase(Locale.ROOT);
        };
    }

    /**
     * The answer and limit lines of a search whose steps {@code steps} found {@code highest} (0: none).
     *
     * @param mostConcurrency the most the search could multiply the client's concurrency by: 1 where
     *                        its lanes are fixed (a replay's)
     */
    public static <S extends CapacitySearch.Step> void answer(StringBuilder out, double highest, List<Slo> slos,
                                                              CapacitySearch.Limit limit, List<S> steps,
                                                              Function<S, JvmActivity> jvm, int mostConcurrency) {
        if (highest > 0) {
            ReportText.line(out, "answer", "%,.0f ops/s is the highest rate that met %s twice and never failed, in %d"
                    + " steps", highest, slos, steps.size());
        } else {
            ReportText.line(out, "answer", "no rate met %s twice without failing, in %d steps", slos, steps.size());
        }
        ReportText.line(out, "limit", "%s", limit(limit, highest, steps, jvm, mostConcurrency));
    }

    /** What stopped the search above its answer, in words. */
    private static <S extends CapacitySearch.Step> String limit(CapacitySearch.Limit limit, double highest,
                                                                List<S> steps, Function<S, JvmActivity> jvm,
                                                                int mostConcurrency) {
        double lowestFailing = steps.stream().filter(step -> !step.passed() && step.limit() == limit)
                .mapToDouble(CapacitySearch.Step::targetOpsPerSec).min().orElse(Double.NaN);
        return switch (limit) {
            case SERVER -> String.format(Locale.ROOT, "the server: at %,.0f ops/s its service time, from the wire to "
                    + "the reply, broke the objective", lowestFailing);
            case CLIENT -> String.format(Locale.ROOT, "the client: at %,.0f ops/s it could not keep the schedule %s"
                    + " (service time met the objective)%s; measure from a client with more cores to find the server's"
                    + " limit", lowestFailing, mostConcurrency > 1 ? "even with " + mostConcurrency
                            + " times its threads or requests in flight" : "on the lanes it had, which it keeps",
                    steps.stream()
                            .filter(step -> step.targetOpsPerSec() == lowestFailing && jvm.apply(step).bound())
                            .map(step -> ": " + jvm.apply(step).clientBound()).findFirst().orElse(""));
            case STALLS -> String.format(Locale.ROOT, "the client's stalls: at %,.0f ops/s service time broke the "
                    + "objective by no more than the client's stalls at its percentile (a moment picked at random "
                    + "waited p99 %.3f ms for the client's process to run): the server's limit is not measured; run "
                    + "the client on cores of its own, or a quieter machine", lowestFailing,
                    steps.stream().filter(step -> step.targetOpsPerSec() == lowestFailing
                                    && step.limit() == CapacitySearch.Limit.STALLS)
                            .mapToDouble(step -> jvm.apply(step).stalls().p99Micros() / 1e3).max()
                            .orElse(Double.NaN));
            case ERRORS -> String.format(Locale.ROOT, "errors: at %,.0f ops/s requests failed or values came back "
                    + "wrong", lowestFailing);
            case STEPS -> highest > 0
                    ? String.format(Locale.ROOT, "the step budget (--max-steps): it ran out before the search came "
                    + "within %.0f%% of a failing rate, and its last step confirmed the highest pass; the answer is a "
                    + "lower bound", CapacitySearch.PRECISION_PERCENT)
                    : "the step budget (--max-steps) ran out before any rate passed twice";
            case STOPPED -> "the run was stopped";
        };
    }
}
