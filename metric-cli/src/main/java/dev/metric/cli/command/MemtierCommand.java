package dev.metric.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.metric.cli.memtier.MemtierLine;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.mode.template.MemtierJson;
import dev.metric.mode.template.TemplateResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code metric memtier ARGS...}: a memtier_benchmark command line, read as memtier reads it
 * ({@link MemtierLine}), run as the {@code metric run} that means the same, as many times as its
 * {@code --run-count} says, with memtier's {@code --json-out-file} in memtier's shape
 * ({@link MemtierJson}) and metric's own result of each run beside it.
 */
@Command(name = "memtier", sortOptions = false, versionProvider = ManifestVersion.class,
        description = {
            "Run a memtier_benchmark command line on metric: its options as memtier reads them (--command with"
                    + " __key__ and __data__, --command-key-pattern, --command-ratio, --key-minimum/--key-maximum,"
                    + " --key-prefix, --key-pattern, -n N|allkeys, --ratio, -t, -c, --pipeline, --test-time,"
                    + " --data-size, --rate-limiting, --run-count, --print-percentiles, --json-out-file, ...), its"
                    + " defaults (-t 4 -c 50, -n 10000, keys memtier-0 to memtier-10000000, values of 32 bytes, SET:GET"
                    + " 1:10, port 6379), run as the metric run that means the same, which it prints first.",
            "--json-out-file FILE is in memtier's shape (\"ALL STATS\" -> \"Totals\" -> \"Ops/sec\", each command's"
                    + " \"Percentile Latencies\"; with --run-count, the best, worst and aggregated runs), latencies"
                    + " being metric's response times; metric's own result of each run goes beside it"
                    + " (FILE.metric.json, or FILE.run-N.metric.json).",
            "An option memtier has that metric does not run is refused by name, with why; never ignored."
        })
public final class MemtierCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit (memtier's -h is --host).")
    boolean helpAsked;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "Print metric's version and exit.")
    boolean versionAsked;

    @Parameters(paramLabel = "MEMTIER_OPTIONS", arity = "0..*",
            description = "memtier_benchmark's options, as you would give them to memtier_benchmark.")
    List<String> arguments = new ArrayList<>();

    @Spec
    CommandSpec spec;

    private final MetricCommandLine metric;
    /** When the traffic of each run begins, for memtier command lines run together; null to begin at once. */
    private Instant startAt;

    public MemtierCommand(MetricCommandLine metric) {
        this.metric = metric;
    }

    /**
     * Begins each run's traffic at {@code startAt} (run's {@code --start-at}), its warm-up as long as
     * its least: how {@code metric suite} runs a suite's several memtier command lines together.
     */
    void startAt(Instant startAt) {
        this.startAt = startAt;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MemtierLine line;
        try {
            line = MemtierLine.parse(arguments);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (line.help()) {
            spec.commandLine().usage(out);
            return ExitCodes.VERIFIED;
        }
        if (line.version()) {
            spec.commandLine().printVersionHelp(out);
            return ExitCodes.VERIFIED;
        }
        for (String word : line.ignored()) {
            err.println("memtier: '" + word + "' is not an option: memtier_benchmark reads past it, as metric"
                    + " does");
        }
        List<TemplateResult> results = new ArrayList<>();
        List<String> metricFiles = new ArrayList<>();
        int exit = ExitCodes.VERIFIED;
        for (int run = 1; run <= line.runs(); run++) {
            List<String> runArguments = new ArrayList<>(line.runArguments());
            Path metricFile = metricResultFile(line, run);
            if (startAt != null) {
                runArguments.addAll(List.of("--start-at", startAt.toString()));
            }
            if (metricFile != null) {
                runArguments.add("--json");
                runArguments.add(metricFile.toString());
                metricFiles.add(metricFile.toString());
            }
            err.println("memtier: " + (line.runs() == 1 ? "" : "run " + run + " of " + line.runs() + ": ")
                    + "metric run " + String.join(" ", quoted(runArguments)));
            err.flush();
            int code = runOnce(out, err, runArguments, results);
            exit = Math.max(exit, code);
            if (code != ExitCodes.VERIFIED && code != ExitCodes.FAILED) {
                return code; // refused options or an unreachable server: the next run would fare no better
            }
        }
        if (line.jsonOutFile() != null && !results.isEmpty()) {
            Files.writeString(line.jsonOutFile(), JSON.writeValueAsString(MemtierJson.of(results, line.percentiles(),
                    line.printAllRuns(), metricFiles)) + System.lineSeparator());
            err.println("memtier: memtier_benchmark's JSON written to " + line.jsonOutFile());
        }
        return results.size() < line.runs() ? Math.max(exit, ExitCodes.FAILED) : exit;
    }

    /** One {@code metric run} of {@code runArguments} on a command line of its own, its result into {@code results}. */
    private int runOnce(PrintWriter out, PrintWriter err, List<String> runArguments, List<TemplateResult> results) {
        CommandLine metricLine = metric.commandLine(out, err);
        RunCommand run = metricLine.getSubcommands().get("run").getCommand();
        run.onResult(results::add);
        List<String> line = new ArrayList<>();
        line.add("run");
        line.addAll(runArguments);
        return metricLine.execute(line.toArray(String[]::new));
    }

    /** Where run {@code run}'s own result goes: beside memtier's JSON; nowhere without it. */
    static Path metricResultFile(MemtierLine line, int run) {
        if (line.jsonOutFile() == null) {
            return null;
        }
        String name = line.jsonOutFile().getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return line.jsonOutFile().resolveSibling(base + (line.runs() == 1 ? "" : ".run-" + run) + ".metric.json");
    }

    /**
     * The arguments as a shell would take them back, those with blanks or quotes in single quotes, and
     * a password as stars: the line goes to the terminal and into logs.
     */
    private static List<String> quoted(List<String> arguments) {
        List<String> quoted = new ArrayList<>();
        for (int at = 0; at < arguments.size(); at++) {
            String argument = arguments.get(at);
            boolean secret = at > 0 && arguments.get(at - 1).equals("--password");
            quoted.add(secret ? "***" : argument.isEmpty() || argument.matches(".*[\\s\"'\\\\$`].*")
                    ? "'" + argument.replace("'", "'\\''") + "'" : argument);
        }
        return quoted;
    }
}
