package dev.metric.mode.bench;

import dev.metric.mode.template.TemplateResult;
import dev.metric.record.LatencySummary;
import dev.metric.result.ResultSummary;
import dev.metric.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What a {@code metric bench} measured: each test's {@code metric run}, in the order they ran.
 * Timed and counted, never verified, as {@code run} is; it passes when every test ran and passed.
 *
 * @param config what was run
 * @param tests  each test that ran with its result; fewer than the configuration's when it was stopped
 */
public record BenchResult(BenchConfig config, List<TestRun> tests) implements RunResult {

    /**
     * @param test the test
     * @param run  its run: its configuration, the server and client it met, its figures
     */
    public record TestRun(BenchConfig.Test test, TemplateResult run) {
    }

    public BenchResult {
        tests = List.copyOf(tests);
    }

    @Override
    public String mode() {
        return BenchMode.NAME;
    }

    /** Each test's reasons, named by the test, and the tests a stop left out. */
    @Override
    public List<String> failures() {
        List<String> why = new ArrayList<>();
        for (TestRun ran : tests) {
            ran.run().failures().forEach(reason -> why.add(ran.test().label() + ": " + reason));
        }
        if (tests.size() < config.tests().size()) {
            why.add((config.tests().size() - tests.size()) + " tests not run");
        }
        return why;
    }

    /**
     * Every test's requests: their count and rate over the tests' measured time together, and the
     * latency of the test with the highest p99, which the summary names.
     */
    @Override
    public ResultSummary summary() {
        long count = 0;
        double seconds = 0;
        long errors = 0;
        for (TestRun ran : tests) {
            count += ran.run().traffic().all().count();
            seconds += ran.run().traffic().schedule().durationSec();
            errors += ran.run().errors();
        }
        TestRun slowest = tests.stream().filter(ran -> ran.run().traffic().all().count() > 0)
                .max(Comparator.comparingDouble(ran -> ran.run().traffic().all().p99Micros())).orElse(null);
        LatencySummary latency = slowest == null ? null : slowest.run().traffic().all();
        List<String> failures = failures();
        String measured = String.format(Locale.ROOT, "requests of %d test%s, latency the slowest's: %s",
                tests.size(), tests.size() == 1 ? "" : "s", slowest == null ? "none" : slowest.test().label());
        return new ResultSummary(BenchMode.NAME, measured, count,
                seconds > 0 ? count / seconds : 0, ResultSummary.Latency.of(latency), errors,
                new ResultSummary.Values(ResultSummary.Verification.NOT_VERIFIED, 0), failures.isEmpty(), failures, "");
    }
}
