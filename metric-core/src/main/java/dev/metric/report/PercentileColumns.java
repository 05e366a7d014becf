package dev.metric.report;

import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import java.util.ArrayList;
import java.util.List;

/**
 * The latency columns of the chosen percentiles, the same way in every report table and CSV:
 * {@code p99.9 (ms)} in a table, {@code p999_ms} in a CSV header, milliseconds in the cells.
 */
public final class PercentileColumns {

    private PercentileColumns() {
    }

    /** {@code prefix} + {@code p50_ms}, {@code p999_ms} ... for each chosen percentile. */
    public static List<String> csvHeader(String prefix, Percentiles chosen) {
        List<String> header = new ArrayList<>();
        for (double percentile : chosen.values()) {
            header.add(prefix + Percentiles.key(percentile) + "_ms");
        }
        return header;
    }

    /** The chosen percentiles of {@code latency}, in milliseconds with three decimals. */
    public static List<String> csvCells(LatencySummary latency, Percentiles chosen) {
        List<String> cells = new ArrayList<>();
        for (double percentile : chosen.values()) {
            cells.add(CsvTable.ms(latency.micros(percentile)));
        }
        return cells;
    }

    /** {@code p50 (ms) | p99 (ms) | } ... for a Markdown table row, leaving out {@code except} (NaN: none). */
    public static String headings(Percentiles chosen, double except) {
        StringBuilder out = new StringBuilder();
        for (double percentile : chosen.values()) {
            if (percentile != except) {
                out.append(Percentiles.label(percentile)).append(" (ms) | ");
            }
        }
        return out.toString();
    }

    /** The alignment cells, {@code ---:|}, of as many columns as {@link #headings} gives. */
    public static String alignments(Percentiles chosen, double except) {
        return "---:|".repeat((int) chosen.values().stream().filter(percentile -> percentile != except).count());
    }

    /** The cells under {@link #headings}: {@code 0.123 | 0.456 | }. */
    public static String cells(LatencySummary latency, Percentiles chosen, double except) {
        StringBuilder out = new StringBuilder();
        for (double percentile : chosen.values()) {
            if (percentile != except) {
                out.append(ReportText.ms(latency.micros(percentile))).append(" | ");
            }
        }
        return out.toString();
    }
}
