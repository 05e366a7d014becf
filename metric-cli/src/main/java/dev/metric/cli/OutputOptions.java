package dev.metric.cli;

import dev.metric.report.JsonResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Prints the report to {@code out} and, when asked, writes {@code result} as JSON. */
    void emit(String report, Object result, PrintWriter out, PrintWriter err) throws IOException {
        out.print(report);
        out.flush();
        if (json != null) {
            JsonResults.write(result, json);
            err.println("json: wrote " + json);
        }
    }

    /** Fails before the run, not after it, when the JSON file cannot be written. */
    void checkWritable() {
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
