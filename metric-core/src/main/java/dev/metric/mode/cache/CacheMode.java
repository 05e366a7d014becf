package dev.metric.mode.cache;

import dev.metric.mode.MarkdownRows;
import dev.metric.mode.Mode;
import dev.metric.report.MarkdownTable;
import dev.metric.result.PhaseResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * mode2: a cache's traffic, GETs, SETEXs with TTLs and a refill after every miss, every hit
 * verified; closed loop, at a target rate, or a search for the highest rate that meets SLOs.
 */
public final class CacheMode implements MarkdownRows<Mode2Result> {

    /** The mode's name. */
    public static final String NAME = "mode2";

    private static final List<String> MARKDOWN_COLUMNS = List.of("server", "client", "connections",
            "client threads", "write ratio", "target ops/s", "ops/s", "hit ratio", "95% latency (ms)", "p50 (ms)",
            "p99 (ms)", "p99.9 (ms)", "max (ms)", "errors", "verification failures");

    /** The mode: one CSV row per run, and a row of the write-up's table with --markdown. */
    public static final Mode<Mode2Config, Mode2Result> MODE = new Mode<>(NAME,
            "metric mode2: latencies in nanoseconds, a tag per operation type",
            (config, context) -> new Mode2Runner(config, context).run(), Mode2Report::render, Mode2Csv::table,
            (result, percentiles) -> List.of(Mode2Csv.row(result, percentiles)), new CacheMode());

    private CacheMode() {
    }

    @Override
    public List<String> markdownColumns() {
        return MARKDOWN_COLUMNS;
    }

    /** Response time of all operations; a search's from its highest passing step. */
    @Override
    public List<String> markdownRow(Mode2Result result) {
        PhaseResult traffic = result.phases().headline();
        List<String> row = new ArrayList<>(MarkdownTable.runCells(result.header().server(), result.header().client(),
                result.config().threads()));
        row.add(String.format(Locale.ROOT, "%s", result.config().mix().writeRatio()));
        if (traffic == null) {
            row.addAll(List.of("", "no step passed"));
            row.addAll(Collections.nCopies(MARKDOWN_COLUMNS.size() - row.size(), ""));
            return row;
        }
        row.add(traffic.shape().targetOpsPerSec() > 0
                ? String.format(Locale.ROOT, "%,.0f", traffic.shape().targetOpsPerSec()) : "closed loop");
        row.add(String.format(Locale.ROOT, "%,.0f", traffic.schedule().achievedOpsPerSec()));
        row.add(Double.isNaN(traffic.reads().hitRatio()) ? "" : String.format(Locale.ROOT, "%.3f",
                traffic.reads().hitRatio()));
        row.addAll(MarkdownTable.latencyCells(traffic.all().response()));
        row.add(String.format(Locale.ROOT, "%,d", traffic.errors()));
        row.add(String.format(Locale.ROOT, "%,d", traffic.checks().verificationFailures()));
        return row;
    }
}
