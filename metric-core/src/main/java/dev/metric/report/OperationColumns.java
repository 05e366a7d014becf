package dev.metric.report;

import dev.metric.record.Percentiles;
import dev.metric.result.OperationRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The columns of an {@link OperationRow}, in CSV and in a report's table, the same in every mode
 * that has a row per command; a mode puts its own columns around them (a template's weight, the
 * replies' types) and ends with {@link #serverCalls}.
 */
public final class OperationColumns {

    private OperationColumns() {
    }

    /** The CSV header of the row's columns, from {@code count} to {@code errors}. */
    public static List<String> csvHeader(Percentiles percentiles) {
        List<String> header = new ArrayList<>(List.of("count", "share", "ops_per_sec", "mb_per_sec"));
        header.addAll(PercentileColumns.csvHeader("", percentiles));
        header.addAll(List.of("max_ms", "errors"));
        return header;
    }

    /** {@code row}'s cells under {@link #csvHeader}. */
    public static List<String> csvCells(OperationRow row, Percentiles percentiles) {
        List<String> cells = new ArrayList<>(List.of(Long.toString(row.count()), CsvTable.number(row.share(), 4),
                CsvTable.number(row.opsPerSec(), 0), CsvTable.number(row.megabytesPerSec(), 2)));
        cells.addAll(PercentileColumns.csvCells(row.response(), percentiles));
        cells.addAll(List.of(CsvTable.ms(row.response().maxMicros()), Long.toString(row.errors())));
        return cells;
    }

    /** The CSV cell of the server's count: empty when unknown. */
    public static String csvServerCalls(OperationRow row) {
        return row.serverCalls() < 0 ? "" : Long.toString(row.serverCalls());
    }

    /**
     * The report table's headings of the row's columns, from share (when {@code share}: a table of
     * one row per run has none) to errors, each ending in {@code | }.
     */
    public static String headings(Percentiles percentiles, boolean share) {
        return (share ? "share | " : "") + "count | ops/s | MB/s | " + PercentileColumns.headings(percentiles,
                Double.NaN) + "max (ms) | errors | ";
    }

    /** The alignments under {@link #headings}. */
    public static String alignments(Percentiles percentiles, boolean share) {
        return (share ? "---:|" : "") + "---:|---:|---:|" + PercentileColumns.alignments(percentiles, Double.NaN)
                + "---:|---:|";
    }

    /** {@code row}'s cells under {@link #headings}. */
    public static String cells(OperationRow row, Percentiles percentiles, boolean share) {
        return (share ? String.format(Locale.ROOT, "%.1f%% | ", 100 * row.share()) : "")
                + String.format(Locale.ROOT, "%,d | %,.0f | %.1f | ", row.count(), row.opsPerSec(),
                row.megabytesPerSec()) + PercentileColumns.cells(row.response(), percentiles, Double.NaN)
                + String.format(Locale.ROOT, "%s | %,d | ", ReportText.ms(row.response().maxMicros()), row.errors());
    }

    /** The report table's cell of the server's count, ending the row: {@code ?} when unknown. */
    public static String serverCalls(OperationRow row) {
        return (row.serverCalls() < 0 ? "?" : String.format(Locale.ROOT, "%,d", row.serverCalls())) + " |";
    }
}
