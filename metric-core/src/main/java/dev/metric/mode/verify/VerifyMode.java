package dev.metric.mode.verify;

import dev.metric.mode.MarkdownRows;
import dev.metric.mode.Mode;
import dev.metric.report.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** mode1: write a data set in pipelined batches, read every key back and check it byte for byte. */
public final class VerifyMode implements MarkdownRows<Mode1Result> {

    /** The mode's name. */
    public static final String NAME = "mode1";

    private static final List<String> MARKDOWN_COLUMNS = List.of("server", "client", "connections",
            "client threads", "rps", "95% latency (ms)", "p50 (ms)", "p99 (ms)", "p99.9 (ms)", "max (ms)", "errors",
            "mismatches");

    /** The mode: one CSV row per run, and a row of the write-up's table with --markdown. */
    public static final Mode<Mode1Config, Mode1Result> MODE = new Mode<>(NAME,
            "metric mode1: latencies in nanoseconds, tags set-batch, get and every-key",
            (config, context) -> new Mode1Runner(config, context).run(), Mode1Report::render, Mode1Csv::table,
            (result, percentiles) -> List.of(Mode1Csv.row(result, percentiles)), new VerifyMode());

    private VerifyMode() {
    }

    @Override
    public List<String> markdownColumns() {
        return MARKDOWN_COLUMNS;
    }

    /** The measured reads' rate and response time. */
    @Override
    public List<String> markdownRow(Mode1Result result) {
        List<String> row = new ArrayList<>(MarkdownTable.runCells(result.header().server(), result.header().client(),
                result.config().threads()));
        row.add(String.format(Locale.ROOT, "%,.0f", result.verify().measured().readsPerSec()));
        row.addAll(MarkdownTable.latencyCells(result.verify().latency()));
        row.add(String.format(Locale.ROOT, "%,d", result.verify().failures().errors()));
        row.add(String.format(Locale.ROOT, "%,d", result.verify().failures().mismatches()));
        return row;
    }
}
