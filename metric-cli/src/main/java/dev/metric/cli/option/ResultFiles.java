package dev.metric.cli.option;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.TerminalProgress;
import dev.metric.metrics.MetricsEndpoint;
import dev.metric.record.HdrIntervalLog;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.JsonResults;
import dev.metric.report.OutputFile;
import dev.metric.report.RunOrigin;
import dev.metric.result.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * Where a run's results go besides stdout (JSON, CSV rows, an interval log) and whether progress
 * is shown: the same for the modes and for {@code run}, so that every command checks, writes and
 * reports its files one way.
 */
public final class ResultFiles {

    @Option(names = {"--json", "--json-out-file"}, paramLabel = "FILE",
            description = "Also write the full result, configuration included, as JSON to FILE; '-' writes it to"
                    + " stdout, and the report to stderr. --json-out-file, memtier_benchmark's name, is its other"
                    + " name.")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also append the run to the CSV FILE (one row; for run, one per template), under a header"
                    + " written when the file is new; a file holding another kind of run's header is refused.")
    Path csv;

    private static final int MAX_PORT = 65_535;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr; errors are still shown.")
    boolean quiet;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve the run's live metrics for Prometheus at http://HOST:PORT/metrics while it runs,"
                    + " HOST being --metrics-host: requests by kind, errors, hits and misses, latency histograms (0: a"
                    + " free port, named on stderr).")
    Integer metricsPort;

    @Option(names = "--metrics-host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address --metrics-port listens on (default: ${DEFAULT-VALUE}, this machine only);"
                    + " another of this machine's addresses, or 0.0.0.0 for every interface, lets other hosts"
                    + " scrape it. The endpoint has no authentication.")
    String metricsHost;

    @Option(names = "--percentiles", paramLabel = "LIST",
            description = "The latency percentiles of the report's main tables and the CSV, e.g."
                    + " 50,90,99,99.9,99.99, from 50,75,90,95,99,99.5,99.9,99.95,99.99,99.999 (default:"
                    + " 50,95,99,99.9; mode1's table always leads with p95). The JSON has these and the defaults.")
    public String percentiles;

    private Consumer<String> progress;

    // Fields, not setter methods: picocli registers annotated methods in the order reflection lists them,
    // which differs from one JVM to the next, and with it the generated completion script.
    @Option(names = "--hdr-log", paramLabel = "FILE",
            description = "Also write an HdrHistogram interval log of the measured phases to FILE (replaced):"
                    + " one histogram per operation type (for run, per template) per second, in nanoseconds, for"
                    + " HdrHistogram's HistogramLogProcessor or metric's own report.")
    private Path hdrLogFile;

    @Option(names = "--hdr-file-prefix", paramLabel = "PREFIX",
            description = "memtier_benchmark's name for the HdrHistogram output: the interval log goes to"
                    + " PREFIX.hlog, as with --hdr-log PREFIX.hlog.")
    private String hdrFilePrefix;

    /**
     * The interval log's file, from --hdr-log or --hdr-file-prefix; null without either.
     *
     * @throws IllegalArgumentException when both are given
     */
    Path hdrLog() {
        if (hdrLogFile != null && hdrFilePrefix != null) {
            throw new IllegalArgumentException("--hdr-log and --hdr-file-prefix both name the interval log: give one");
        }
        return hdrFilePrefix != null ? Path.of(hdrFilePrefix + ".hlog") : hdrLogFile;
    }

    /** What runs with the interval log the options ask for. */
    public interface LoggedRun<T> {
        T run(IntervalLog log) throws Exception;
    }

    /**
     * The endpoint of {@code --metrics-port}, serving from now; null without the option.
     *
     * @throws IllegalArgumentException when nothing can listen on the port
     */
    public MetricsEndpoint metricsEndpoint(PrintWriter err) {
        if (metricsPort == null) {
            return null;
        }
        InetAddress host = metricsAddress();
        MetricsEndpoint endpoint = MetricsEndpoint.start(host, metricsPort);
        String shown = host instanceof Inet6Address ? "[" + host.getHostAddress() + "]" : host.getHostAddress();
        progress(err).accept("metrics: serving http://" + shown + ":" + endpoint.port() + "/metrics");
        return endpoint;
    }

    /** The address of --metrics-host; an unknown one is an IllegalArgumentException. */
    private InetAddress metricsAddress() {
        try {
            return InetAddress.getByName(metricsHost);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--metrics-host " + metricsHost + ": no such address or host name");
        }
    }

    /**
     * Runs {@code run} with the {@code --hdr-log} file created first and closed after, and logging
     * to {@code metrics} too when it is not null; with no interval log when neither is asked for.
     */
    public <T> T withIntervalLog(String comment, PrintWriter err, MetricsEndpoint metrics, LoggedRun<T> run)
            throws Exception {
        IntervalLog live = metrics == null ? IntervalLog.NONE : metrics.log();
        Path file = hdrLog();
        if (file == null) {
            return run.run(live);
        }
        T result;
        try (HdrIntervalLog log = HdrIntervalLog.create(file, comment)) {
            result = run.run(metrics == null ? log : IntervalLog.both(log, live));
        }
        progress(err).accept("hdr-log: wrote " + file);
        return result;
    }

    /** Where progress goes: stderr (redrawn in place on a terminal), or nowhere with --quiet. */
    public Consumer<String> progress(PrintWriter err) {
        if (progress == null) {
            progress = TerminalProgress.forStderr(err, quiet);
        }
        return progress;
    }

    /**
     * The percentiles {@code --percentiles} chose, or the defaults.
     *
     * @throws IllegalArgumentException with a one-line reason when the list is not one
     */
    public Percentiles percentiles() {
        return percentiles == null ? Percentiles.DEFAULT : Percentiles.parse(percentiles);
    }

    /** Whether the JSON goes to stdout ({@code --json -}): the report then goes to stderr. */
    public boolean jsonToStdout() {
        return json != null && json.toString().equals("-");
    }

    /**
     * Writes {@code result} as JSON (to {@code out} for {@code --json -}) and appends {@code rows}
     * under {@code csvTable}, as far as asked.
     */
    public void write(RunResult result, RunOrigin origin, CsvTable csvTable, List<List<String>> rows,
                      PrintWriter out, PrintWriter err) throws IOException {
        if (jsonToStdout()) {
            JsonResults.write(result, origin, percentiles(), out);
        } else if (json != null) {
            JsonResults.write(result, origin, percentiles(), json);
            progress(err).accept("json: wrote " + json);
        }
        if (csv != null) {
            csvTable.append(csv, rows);
            progress(err).accept(rows.size() == 1 ? "csv: appended a row to " + csv
                    : "csv: appended " + rows.size() + " rows to " + csv);
        }
    }

    /**
     * Fails before the run, not after it, when the JSON, CSV or interval log file cannot be written,
     * or the metrics port is not one.
     */
    public void checkWritable(CsvTable csvTable) {
        if (metricsPort != null && (metricsPort < 0 || metricsPort > MAX_PORT)) {
            throw new IllegalArgumentException("--metrics-port must be 0 (a free port) to " + MAX_PORT + ", got "
                    + metricsPort);
        }
        if (metricsPort != null) {
            metricsAddress();
        }
        checkFile(hdrFilePrefix != null ? "--hdr-file-prefix" : "--hdr-log", hdrLog(), OutputFile::checkWritable);
        checkFile("--csv", csv, csvTable::checkAppendable);
        checkFile("--json", jsonToStdout() ? null : json, OutputFile::checkWritable);
    }

    /** Runs {@code check} on {@code file} when the option was given; its message names the option. */
    private static void checkFile(String option, Path file, Consumer<Path> check) {
        if (file == null) {
            return;
        }
        try {
            check.accept(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + SettingNames.message(e), e);
        }
    }
}
