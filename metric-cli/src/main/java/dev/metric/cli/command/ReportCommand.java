package dev.metric.cli.command;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.report.ComparisonReport;
import dev.metric.report.HtmlReport;
import dev.metric.report.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code metric report --out DIR --html FILE FILE...}: compare saved runs, in a table, charts and a page. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Compare saved runs: their JSON results (--json, or a sweep's runs/) and HdrHistogram interval logs"
                    + " (--hdr-log). Prints a table of the median and range of each client, pool and thread count,"
                    + " and writes it with charts (throughput, p95 and p99 against threads, percentile spectra)"
                    + " as PNG and SVG into --out. Runs against different servers are labelled by server; runs of"
                    + " different workloads (mode, data, mix, rate: what merge requires alike) are never pooled, and"
                    + " are labelled by mode and what sets them apart.",
            "A directory stands for every .json and .hlog file below it. An interval log next to a JSON file of"
                    + " the same name belongs to that run.",
            "--html writes all of it as one self-contained page (styles and SVG charts inline, no script, nothing"
                    + " loaded), with each run's verdict, configuration, latency breakdown, and throughput and"
                    + " latency over time from its interval log."
        })
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "JSON results, .hlog interval logs, or directories.")
    List<Path> inputs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for summary.md, summary.csv and the charts (created if missing).")
    Path out;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also, or instead of --out, write the report as one self-contained HTML page to FILE.")
    Path html;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<Path> results = new ArrayList<>();
        List<Path> hdrLogs = new ArrayList<>();
        try {
            if (out == null && html == null) {
                throw new IllegalArgumentException("give --out DIR for the table and charts, --html FILE for one page,"
                        + " or both");
            }
            if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
                throw new IllegalArgumentException("--out " + out + " is a file, not a directory");
            }
            if (html != null) {
                try {
                    OutputFile.checkWritable(html);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--html " + e.getMessage(), e);
                }
            }
            for (Path input : inputs) {
                collect(input, results, hdrLogs);
            }
            if (results.isEmpty() && hdrLogs.isEmpty()) {
                throw new IllegalArgumentException("no .json or .hlog file in " + inputs);
            }
            PrintWriter stdout = spec.commandLine().getOut();
            if (out != null) {
                stdout.print(ComparisonReport.write(results, hdrLogs, out));
            }
            if (html != null) {
                Files.writeString(html, HtmlReport.page(results, hdrLogs, new ManifestVersion().getVersion()[0]),
                        StandardCharsets.UTF_8);
                stdout.println("html: wrote " + html);
            }
            stdout.flush();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        return ExitCodes.VERIFIED;
    }

    private static void collect(Path input, List<Path> results, List<Path> hdrLogs) throws IOException {
        if (Files.isDirectory(input)) {
            try (Stream<Path> files = Files.walk(input)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    String name = file.getFileName().toString();
                    if (name.endsWith(".json")) {
                        results.add(file);
                    } else if (name.endsWith(".hlog")) {
                        hdrLogs.add(file);
                    }
                }
            }
            return;
        }
        if (!Files.isRegularFile(input)) {
            throw new IllegalArgumentException(input + ": no such file or directory");
        }
        String name = input.getFileName().toString();
        if (name.endsWith(".json")) {
            results.add(input);
        } else if (name.endsWith(".hlog")) {
            hdrLogs.add(input);
        } else {
            throw new IllegalArgumentException(input + ": expected a .json result or a .hlog interval log");
        }
    }
}
