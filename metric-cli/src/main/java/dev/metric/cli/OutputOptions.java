package dev.metric.cli;

import dev.metric.report.MarkdownTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What a mode's report holds beyond the figures every run prints, and where its results go besides stdout. */
final class OutputOptions {

    @Option(names = "--no-breakdown",
            description = "Leave out the latency breakdown (client, server, network per GET and SET) and "
                    + "the half second before the run that measures the client's share.")
    boolean noBreakdown;

    @Option(names = "--markdown",
            description = "Print the run as a row of the write-up's table (Markdown) instead of the report.")
    boolean markdown;

    @Mixin
    ResultFiles files;

    /**
     * Prints the report (or with --markdown the table row) to {@code out} and, when asked, writes
     * the result as JSON and appends its row to the CSV file.
     */
    void emit(RenderedRun run, PrintWriter out, PrintWriter err) throws IOException {
        TerminalProgress.finish(files.progress(err));
        out.print(markdown ? MarkdownTable.render(run.markdownColumns(), List.of(run.markdownRow())) : run.report());
        out.flush();
        files.write(run.result(), run.runId(), run.csvTable(), List.of(run.csvRow()), err);
    }
}
