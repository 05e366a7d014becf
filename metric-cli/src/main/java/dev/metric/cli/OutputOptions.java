package dev.metric.cli;

import dev.metric.record.HdrIntervalLog;
import dev.metric.record.IntervalLog;
import dev.metric.report.CsvTable;
import dev.metric.report.JsonResults;
import dev.metric.report.MarkdownTable;
import dev.metric.report.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
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

    @Option(names = "--hdr-log", paramLabel = "FILE",
            description = "Also write an HdrHistogram interval log of the measured phases to FILE (replaced):"
                    + " one histogram per operation type per second, in nanoseconds, for HdrHistogram's"
                    + " HistogramLogProcessor or metric's own report.")
    Path hdrLog;

    @Option(names = "--markdown",
            description = "Print the run as a row of the write-up's table (Markdown) instead of the report.")
    boolean markdown;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr; errors are still shown.")
    boolean quiet;

    private Consumer<String> progress;

    /** What runs with the interval log the options ask for. */
    interface LoggedRun<T> {
        T run(IntervalLog log) throws Exception;
    }

    /**
     * Runs {@code run} with the {@code --hdr-log} file created first and closed after, or with no
     * interval log when none is asked for.
     */
    <T> T withIntervalLog(String comment, PrintWriter err, LoggedRun<T> run) throws Exception {
        if (hdrLog == null) {
            return run.run(IntervalLog.NONE);
        }
        T result;
        try (HdrIntervalLog log = HdrIntervalLog.create(hdrLog, comment)) {
            result = run.run(log);
        }
        progress(err).accept("hdr-log: wrote " + hdrLog);
        return result;
    }

    /** Where progress goes: stderr (redrawn in place on a terminal), or nowhere with --quiet. */
    Consumer<String> progress(PrintWriter err) {
        if (progress == null) {
            progress = TerminalProgress.forStderr(err, quiet);
        }
        return progress;
    }

    /**
     * Prints the report (or with --markdown the table row) to {@code out} and, when asked, writes
     * the result as JSON and appends its row to the CSV file.
     */
    void emit(RenderedRun run, PrintWriter out, PrintWriter err) throws IOException {
        TerminalProgress.finish(progress(err));
        out.print(markdown ? MarkdownTable.render(run.markdownColumns(), List.of(run.markdownRow())) : run.report());
        out.flush();
        if (json != null) {
            JsonResults.write(run.result(), run.runId(), json);
            progress(err).accept("json: wrote " + json);
        }
        if (csv != null) {
            run.csvTable().append(csv, List.of(run.csvRow()));
            progress(err).accept("csv: appended a row to " + csv);
        }
    }

    /** Fails before the run, not after it, when the JSON, CSV or interval log file cannot be written. */
    void checkWritable(CsvTable csvTable) {
        checkFile("--hdr-log", hdrLog, OutputFile::checkWritable);
        checkFile("--csv", csv, csvTable::checkAppendable);
        checkFile("--json", json, OutputFile::checkWritable);
    }

    /** Runs {@code check} on {@code file} when the option was given; its message names the option. */
    private static void checkFile(String option, Path file, Consumer<Path> check) {
        if (file == null) {
            return;
        }
        try {
            check.accept(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + e.getMessage(), e);
        }
    }
}
