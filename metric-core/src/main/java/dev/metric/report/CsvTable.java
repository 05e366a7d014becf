package dev.metric.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file that runs append rows to, under one header that does not change between versions
 * of a mode's columns, so that runs of different days land in one file a spreadsheet can read.
 * A file that already holds another header is refused rather than mixed.
 */
public final class CsvTable {

    /** Jackson's CSV writer, one row per call, no line separator: the file's lines are written apart. */
    private static final ObjectWriter CSV_LINE = new CsvMapper()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .writer(CsvSchema.emptySchema().withLineSeparator(""));

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
        try {
            return CSV_LINE.writeValueAsString(cells);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Milliseconds with three decimals from microseconds; empty when unknown. */
    public static String ms(double micros) {
        return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.3f", micros / 1000) : "";
    }

    /** A number with {@code decimals} decimals; empty when unknown (NaN) or negative where that means unknown. */
    public static String number(double value, int decimals) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + decimals + "f", value) : "";
    }
}
