package dev.metric.cli.suite;

import java.util.Locale;

/**
 * What became of one suite: run (and passed or failed), or skipped, with why, and the measured
 * run's figures when there was one.
 *
 * @param suite   the suite's name
 * @param verdict passed, failed or skipped
 * @param why     why it failed or was skipped; empty when it passed
 * @param figures the measured run's rates and latencies, null when it did not run
 */
public record SuiteOutcome(String suite, Verdict verdict, String why, Figures figures) {

    /** How a suite ended. */
    public enum Verdict {
        /** Set up, loaded, checked, and its measured run answered every request. */
        PASSED,
        /** Something of its own went wrong: a refused command, a key count off, failed requests. */
        FAILED,
        /** It needs what metric cannot do, or was not asked to: named in {@code why}. */
        SKIPPED
    }

    /**
     * The measured run's figures.
     *
     * @param opsPerSec       requests per second metric counted (memtier's {@code Totals."Ops/sec"})
     * @param serverOpsPerSec calls per second the server counted of the run's commands; NaN when unknown
     * @param p50Millis       median response time
     * @param p99Millis       99th percentile of response time; NaN when not among the suite's percentiles
     */
    public record Figures(double opsPerSec, double serverOpsPerSec, double p50Millis, double p99Millis) {
    }

    static SuiteOutcome skipped(String suite, String why) {
        return new SuiteOutcome(suite, Verdict.SKIPPED, why, null);
    }

    static SuiteOutcome failed(String suite, String why, Figures figures) {
        return new SuiteOutcome(suite, Verdict.FAILED, why, figures);
    }

    /** One line for the terminal: the verdict, the suite, its rate or why not. */
    public String line() {
        String figuresText = figures == null ? "" : String.format(Locale.ROOT, "%,.0f ops/s (server %s), p50 %.3f ms,"
                + " p99 %.3f ms", figures.opsPerSec(), Double.isNaN(figures.serverOpsPerSec()) ? "unknown"
                : String.format(Locale.ROOT, "%,.0f", figures.serverOpsPerSec()), figures.p50Millis(),
                figures.p99Millis());
        String tail = why.isEmpty() ? figuresText : figuresText.isEmpty() ? why : figuresText + "; " + why;
        return String.format(Locale.ROOT, "%-7s %s: %s", verdict.name().toLowerCase(Locale.ROOT), suite, tail);
    }
}
