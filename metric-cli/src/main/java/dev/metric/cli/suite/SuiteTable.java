package dev.metric.cli.suite;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The table of every suite run: a row per suite with its verdict, metric's and the server's rate,
 * p50 and p99, and why it failed or was skipped; as Markdown to read and CSV to compare, with the
 * count of each verdict.
 */
public final class SuiteTable {

    private static final String[] COLUMNS = {"suite", "verdict", "ops_per_sec", "server_ops_per_sec", "p50_ms",
        "p99_ms", "why"};

    private SuiteTable() {
    }

    /** How many suites ended with {@code verdict}. */
    public static long count(List<SuiteOutcome> outcomes, SuiteOutcome.Verdict verdict) {
        return outcomes.stream().filter(outcome -> outcome.verdict() == verdict).count();
    }

    /** The counts of each verdict in words: "12 passed, 1 failed, 3 skipped". */
    public static String counts(List<SuiteOutcome> outcomes) {
        return String.format(Locale.ROOT, "%d passed, %d failed, %d skipped", count(outcomes,
                SuiteOutcome.Verdict.PASSED), count(outcomes, SuiteOutcome.Verdict.FAILED), count(outcomes,
                SuiteOutcome.Verdict.SKIPPED));
    }

    /** Writes {@code suites.md} and {@code suites.csv} into {@code directory}. */
    public static void write(List<SuiteOutcome> outcomes, Path directory) throws IOException {
        StringBuilder markdown = new StringBuilder("# Suites run by metric suite\n\n").append(counts(outcomes))
                .append(" of ").append(outcomes.size()).append(".\n\n| ").append(String.join(" | ", COLUMNS))
                .append(" |\n|").append("---|".repeat(COLUMNS.length)).append('\n');
        List<List<String>> rows = new ArrayList<>();
        for (SuiteOutcome outcome : outcomes) {
            List<String> row = row(outcome);
            rows.add(row);
            markdown.append("| ").append(String.join(" | ", row.stream().map(cell -> cell.replace("|", "\\|"))
                    .toList())).append(" |\n");
        }
        Files.writeString(directory.resolve("suites.md"), markdown.toString());
        CsvMapper csv = new CsvMapper();
        CsvSchema schema = CsvSchema.builder().addColumns(Arrays.asList(COLUMNS), CsvSchema.ColumnType.STRING)
                .build().withHeader();
        try (SequenceWriter writer = csv.writer(schema).writeValues(directory.resolve("suites.csv").toFile())) {
            for (List<String> row : rows) {
                writer.write(row);
            }
        }
    }

    private static List<String> row(SuiteOutcome outcome) {
        SuiteOutcome.Figures figures = outcome.figures();
        return List.of(outcome.suite(), outcome.verdict().name().toLowerCase(Locale.ROOT),
                figures == null ? "" : number(figures.opsPerSec(), "%.0f"),
                figures == null ? "" : number(figures.serverOpsPerSec(), "%.0f"),
                figures == null ? "" : number(figures.p50Millis(), "%.3f"),
                figures == null ? "" : number(figures.p99Millis(), "%.3f"), outcome.why());
    }

    private static String number(double value, String format) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
