package dev.metric.mode.bench;

import static dev.metric.report.ReportText.line;

import dev.metric.mode.Mode;
import dev.metric.mode.template.TemplateCsv;
import dev.metric.mode.template.TemplateFigures;
import dev.metric.mode.template.TemplateReport;
import dev.metric.mode.template.TemplateResult;
import dev.metric.mode.template.TemplateRunner;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.FaultsText;
import dev.metric.report.OperationColumns;
import dev.metric.report.PacingText;
import dev.metric.report.ReportText;
import dev.metric.report.SearchText;
import dev.metric.run.RunContext;
import dev.metric.search.CapacitySearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code bench}: redis-benchmark's tests ({@code -t set,get,lpush,...}), each in turn a
 * {@code metric run} of its one command over random keys, so that each is warmed up, paced, timed
 * and counted by the server as {@code run} is; the report has a row per test.
 */
public final class BenchMode {

    /** The mode's name. */
    public static final String NAME = "bench";

    /** The mode: a row per test in the report and the CSV. */
    public static final Mode<BenchConfig, BenchResult> MODE = new Mode<>(NAME,
            "metric bench: latencies in nanoseconds, tag t1 for the command of each test, the tests one after"
                    + " another in the order of the result's tests", BenchMode::run, BenchMode::report,
            BenchMode::csvTable, BenchMode::csvRows, null);

    private BenchMode() {
    }

    /** Each test until the last, or until the run is stopped. */
    private static BenchResult run(BenchConfig config, RunContext context) throws InterruptedException {
        List<BenchResult.TestRun> ran = new ArrayList<>();
        for (int t = 0; t < config.tests().size() && !context.control().stopped(); t++) {
            BenchConfig.Test test = config.tests().get(t);
            context.progress().accept(String.format(Locale.ROOT, "test %d of %d: %s, %s", t + 1, config.tests().size(),
                    test.label(), test.command().text()));
            ran.add(new BenchResult.TestRun(test, new TemplateRunner(config.run(t), context).run()));
        }
        return new BenchResult(config, ran);
    }

    private static String report(BenchResult result, Percentiles percentiles) {
        StringBuilder out = new StringBuilder(4096);
        BenchConfig config = result.config();
        out.append("metric bench: redis-benchmark's tests, one after another, timed; replies checked by type only,"
                + " NOT verified\n\n");
        if (!result.tests().isEmpty()) {
            ReportText.setting(out, result.tests().get(0).run().header(), config.client().database(),
                    config.flush().flushes());
        }
        line(out, "keys", "%s, seed %d, keys %s; each family of tests (%s) has keys of its own, of another seed;"
                        + " nothing is written before the run", ReportText.data(config.data()), config.data().seed(),
                config.keyDistribution().describe(), config.tests().stream().map(test -> test.family().label())
                        .distinct().collect(Collectors.joining(", ")));
        line(out, "lanes", "%s", ReportText.lanes(config.engine(), config.threads(), config.connections(),
                config.inflight(), 1));
        line(out, "pacing", "each test: %s", PacingText.of(config.plan(), ""));
        line(out, "warm-up", "%s", config.plan().warmup().isZero() ? "none (--warmup-time 0)" : String.format(
                Locale.ROOT, "each test's own: at least %d s, on until the JIT is quiet, flowing into its measurement"
                        + " and left out of its figures", config.plan().warmup().toSeconds()));
        out.append('\n');
        out.append("| test | command | ").append(OperationColumns.headings(percentiles, false))
                .append("replies | server calls |\n");
        out.append("|---|---|").append(OperationColumns.alignments(percentiles, false)).append("---|---:|\n");
        for (BenchResult.TestRun ran : result.tests()) {
            for (TemplateFigures row : ran.run().traffic().templates()) {
                out.append(String.format(Locale.ROOT, "| %s | `%s` | ", ran.test().label(), row.template()))
                        .append(OperationColumns.cells(row.row(), percentiles, false))
                        .append(TemplateReport.replies(row.replyTypes())).append(" | ")
                        .append(OperationColumns.serverCalls(row.row())).append('\n');
            }
        }
        out.append('\n');
        line(out, "timing", "response time, from when each request was due (under a rate) or wanted to go, to its "
                + "reply, each test's own measured window; server calls by INFO commandstats over it");
        for (BenchResult.TestRun ran : result.tests()) {
            String name = ran.test().label();
            TemplateResult run = ran.run();
            String clientBound = run.traffic().work().jvm().clientBound();
            if (!clientBound.isEmpty()) {
                line(out, "client", "%s: the client's own latency, not the server's: %s", name, clientBound);
            }
            if (run.search().searched()) {
                line(out, "find-max", "%s: %d steps of %d s, objectives %s; its row is its highest passing step's",
                        name, run.search().steps().size(), config.plan().search().stepDuration().toSeconds(),
                        config.plan().search().slos());
                SearchText.answer(out, run.search().highestPassingOpsPerSec(), config.plan().search().slos(),
                        run.search().searchLimit(), run.search().steps(), step -> step.traffic().work().jvm(),
                        CapacitySearch.MAX_CONCURRENCY_FACTOR);
            }
            if (run.errors() > 0) {
                line(out, "errors", "%s: %,d requests failed; first: %s", name, run.errors(),
                        run.traffic().firstError());
            }
            if (!run.faults().ranToTheEnd() || !run.faults().outages().isEmpty()) {
                FaultsText.append(out, run.faults());
            }
        }
        out.append(result.passed() ? "result   every test's requests answered without an error (contents not"
                + " verified)\n" : "result   FAILED: " + String.join(", ", result.failures()) + "\n");
        return out.toString();
    }

    /** {@code run}'s columns and a last one naming the test. */
    private static CsvTable csvTable(Percentiles percentiles) {
        List<String> header = new ArrayList<>(TemplateCsv.table(percentiles).header());
        header.add("test");
        return new CsvTable(header);
    }

    /** A row per test, as {@code run} writes it, and the test's name. */
    private static List<List<String>> csvRows(BenchResult result, Percentiles percentiles) {
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult.TestRun ran : result.tests()) {
            for (List<String> row : TemplateCsv.rows(ran.run(), percentiles)) {
                List<String> named = new ArrayList<>(row);
                named.add(ran.test().label());
                rows.add(named);
            }
        }
        return rows;
    }
}
