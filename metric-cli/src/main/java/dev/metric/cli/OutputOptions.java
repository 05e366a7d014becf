package dev.metric.cli;

import dev.metric.report.CsvTable;
import dev.metric.report.JsonResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** What the report holds beyond the figures every run prints, and where results go besides stdout. */
final class OutputOptions {

    @Option(names = "--no-breakdown",
            description = "Leave out the latency breakdown (client, server, network per GET and SET) and "
                    + "the half second before the run that measures the client's share.")
    boolean noBreakdown;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the full result, configuration included, as JSON to FILE.")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also append the run as one row to the CSV FILE, under a header written when the file"
                    + " is new; a file holding another mode's header is refused.")
    Path csv;

    /**
     * Prints the report to {@code out} and, when asked, writes {@code result} as JSON and appends
     * {@code csvRow} to the CSV file.
     */
    void emit(String report, Object result, CsvTable csvTable, List<String> csvRow, PrintWriter out,
              PrintWriter err) throws IOException {
        out.print(report);
        out.flush();
        if (json != null) {
            JsonResults.write(result, json);
            err.println("json: wrote " + json);
        }
        if (csv != null) {
            csvTable.append(csv, List.of(csvRow));
            err.println("csv: appended a row to " + csv);
        }
    }

    /** Fails before the run, not after it, when the JSON or CSV file cannot be written. */
    void checkWritable(CsvTable csvTable) {
        if (csv != null) {
            try {
                csvTable.checkAppendable(csv);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--csv " + e.getMessage(), e);
            }
        }
        if (json == null) {
            return;
        }
        Path parent = json.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new IllegalArgumentException("--json " + json + ": directory " + parent
                    + " does not exist or is not writable");
        }
        if (Files.isDirectory(json)) {
            throw new IllegalArgumentException("--json " + json + " is a directory");
        }
    }
}
