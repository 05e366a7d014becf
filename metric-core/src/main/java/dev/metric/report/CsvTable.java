package dev.metric.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A CSV file that runs append rows to, under one header that does not change between versions
 * of a mode's columns, so that runs of different days land in one file a spreadsheet can read.
 * A file that already holds another header is refused rather than mixed.
 */
public final class CsvTable {

    private final List<String> header;

    public CsvTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    public List<String> header() {
        return header;
    }

    /**
     * Checks, before a run, that its rows can be added to {@code file}.
     *
     * @throws IllegalArgumentException with a one-line reason otherwise
     */
    public void checkAppendable(Path file) {
        OutputFile.checkWritable(file);
        String existing = firstLine(file.toAbsolutePath());
        if (existing != null && !existing.isEmpty() && !existing.equals(line(header))) {
            throw new IllegalArgumentException(file + " already holds rows under another header"
                    + " (another mode's, or another version's): give a new file");
        }
    }

    /** Appends {@code rows}, after the header when the file is new or empty. */
    public void append(Path file, List<List<String>> rows) throws IOException {
        checkAppendable(file);
        List<String> lines = new ArrayList<>();
        String existing = firstLine(file.toAbsolutePath());
        if (existing == null || existing.isEmpty()) {
            lines.add(line(header));
        }
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalStateException(row.size() + " cells for " + header.size() + " columns");
            }
            lines.add(line(row));
        }
        Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static String firstLine(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.findFirst().orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One CSV line, cells quoted only when they hold a comma, a quote or a line break (RFC 4180). */
    static String line(List<String> cells) {
        return cells.stream().map(CsvTable::cell).collect(Collectors.joining(","));
    }

    private static String cell(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    /** Milliseconds with three decimals from microseconds; empty when unknown. */
    static String ms(double micros) {
        return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.3f", micros / 1000) : "";
    }

    /** A number with {@code decimals} decimals; empty when unknown (NaN) or negative where that means unknown. */
    static String number(double value, int decimals) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + decimals + "f", value) : "";
    }
}
