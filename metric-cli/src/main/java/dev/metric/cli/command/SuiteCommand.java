package dev.metric.cli.command;

import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.cli.suite.Suite;
import dev.metric.cli.suite.SuiteOutcome;
import dev.metric.cli.suite.SuiteRun;
import dev.metric.cli.suite.SuiteTable;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * {@code metric suite FILE.yml...}: redis-benchmarks-specification's suites, each set up, loaded,
 * checked and measured as the specification's runner does ({@link SuiteRun}), its measured memtier
 * command line run by {@code metric memtier}, with a table of every suite.
 */
@Command(name = "suite", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Run redis-benchmarks-specification's suites (their YAML files, or directories of them): each suite's"
                    + " configuration-parameters set with CONFIG SET, its preload and init commands run, its"
                    + " keyspacelen checked, then its memtier_benchmark command line measured by metric memtier,"
                    + " written to --out as memtier's JSON (SUITE.json) and metric's result (SUITE.metric.json), with"
                    + " a table of all suites (suites.md, suites.csv), written again after each suite.",
            "A suite that needs what metric cannot do (a dataset to download, another tool, several tools at once,"
                    + " a topology it was not given, a memtier option metric does not run, a configuration the"
                    + " server does not take) is skipped with one line saying why.",
            "Each suite starts on an empty server: one metric starts for it (--embedded), or the server given,"
                    + " emptied with FLUSHALL (--yes), its configuration put back after each suite."
        })
public final class SuiteCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SUITE", arity = "1..*",
            description = "Suites: YAML files, or directories whose *.yml files are suites (defaults.yml left out).")
    List<Path> paths;

    @Option(names = {"--host", "-s"}, paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "The server's host, without --embedded (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = {"--port", "-p"}, paramLabel = "PORT", defaultValue = "6379",
            description = "The server's port, without --embedded (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--yes",
            description = "Confirm that every key of the server given may be deleted (FLUSHALL before each suite)"
                    + " and its configuration changed for the suite.")
    boolean yes;

    @Option(names = "--embedded",
            description = "Run each suite on redis-servers metric starts for it on free loopback ports, stopped"
                    + " after it: of --topology, or else of the suite's first topology metric can start.")
    boolean embedded;

    @Option(names = "--topology", paramLabel = "NAME",
            description = "Run the suites that list this topology: with --embedded, the servers started are of it"
                    + " (oss-standalone, oss-standalone-NN-io-threads, oss-standalone-01-replicas or"
                    + " oss-cluster-3-primaries); without, the server given is (default: oss-standalone).")
    String topology;

    @Option(names = "--test-time", paramLabel = "SECONDS",
            description = "Seconds that replace a timed suite's --test-time, to shorten it; a suite bounded by"
                    + " requests (-n) keeps them.")
    Integer testTime;

    @Option(names = "--dry-run",
            description = "Say of each suite whether it would run or be skipped and why, touching no server and"
                    + " writing nothing.")
    boolean dryRun;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "suites",
            description = "A new or empty directory for each suite's JSON, result and log, and the table (default:"
                    + " ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    private final MetricCommandLine metric;

    public SuiteCommand(MetricCommandLine metric) {
        this.metric = metric;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        SuiteRun.Plan plan = plan();
        List<Suite> suites = suites();
        if (dryRun) {
            return dryRun(new SuiteRun(plan, null), suites, stdout);
        }
        Files.createDirectories(out);
        // A signal stops the run it arrives in (StopOnSignal), and the suites with it: any tool's run so ended says so.
        AtomicInteger stoppedWith = new AtomicInteger();
        SuiteRun run = new SuiteRun(plan, (arguments, startAt, out, err) -> {
            CommandLine memtier = metric.commandLine(out, err);
            ((MemtierCommand) memtier.getSubcommands().get("memtier").getCommand()).startAt(startAt);
            List<String> line = new ArrayList<>(List.of("memtier"));
            line.addAll(arguments);
            int code = memtier.execute(line.toArray(String[]::new));
            if (ExitCodes.stoppedBySignal(code)) {
                stoppedWith.compareAndSet(0, code);
            }
            return code;
        });
        List<SuiteOutcome> outcomes = new ArrayList<>();
        for (Suite suite : suites) {
            SuiteOutcome outcome;
            try {
                outcome = run.run(suite);
            } catch (JedisConnectionException e) {
                spec.commandLine().getErr().println("metric suite: the server at " + plan.address() + " does not"
                        + " answer: " + e.getMessage());
                return ExitCodes.UNREACHABLE;
            }
            if (stoppedWith.get() != 0) {
                SuiteTable.write(outcomes, out);
                spec.commandLine().getErr().println("metric suite: stopped by a signal in " + suite.name() + ", which"
                        + " is left out of the table; it holds the " + outcomes.size() + " suites before it: "
                        + out.resolve("suites.md"));
                return stoppedWith.get();
            }
            outcomes.add(outcome);
            stdout.println(outcome.line());
            stdout.flush();
            SuiteTable.write(outcomes, out);
        }
        stdout.println("suites: " + SuiteTable.counts(outcomes) + " of " + outcomes.size() + "; the table is "
                + out.resolve("suites.md"));
        boolean anyPassed = SuiteTable.count(outcomes, SuiteOutcome.Verdict.PASSED) > 0;
        return anyPassed && SuiteTable.count(outcomes, SuiteOutcome.Verdict.FAILED) == 0 ? ExitCodes.VERIFIED
                : ExitCodes.FAILED;
    }

    /** --dry-run: each suite would run, or be skipped and why; the counts. */
    private static int dryRun(SuiteRun run, List<Suite> suites, PrintWriter stdout) {
        int runs = 0;
        for (Suite suite : suites) {
            String skip = run.whySkip(suite);
            runs += skip == null ? 1 : 0;
            stdout.println(skip == null ? "would run " + suite.name() : "skipped   " + suite.name() + ": " + skip);
        }
        stdout.println("suites: " + runs + " would run, " + (suites.size() - runs) + " skipped of " + suites.size());
        return ExitCodes.VERIFIED;
    }

    /** Where and how the suites run, nothing created yet; a refused combination is a usage error. */
    private SuiteRun.Plan plan() throws IOException {
        if (!embedded && !yes && !dryRun) {
            throw usage("each suite starts on an empty server: give --yes to let metric FLUSHALL the server at "
                    + host + ":" + port + " and set its configuration, or --embedded to start one for each suite");
        }
        if (embedded && topology != null && !SuiteRun.canStart(topology)) {
            throw usage("--embedded starts oss-standalone, oss-standalone-NN-io-threads, oss-standalone-01-replicas"
                    + " or oss-cluster-3-primaries, not " + topology);
        }
        if (testTime != null && testTime < 1) {
            throw usage("--test-time must be at least 1 second, got " + testTime);
        }
        if (!dryRun && Files.exists(out) && (!Files.isDirectory(out) || hasEntries(out))) {
            throw usage("--out " + out + " is not a new or empty directory: give another, so that nothing there is"
                    + " overwritten");
        }
        return new SuiteRun.Plan(topology == null && !embedded ? "oss-standalone" : topology, embedded,
                new ServerAddress(host, port),
                testTime == null ? null : testTime.toString(), out);
    }

    private static boolean hasEntries(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isPresent();
        }
    }

    /** The suites of the files and directories given, read before anything runs; a bad one is a usage error. */
    private List<Suite> suites() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> listed = Files.list(path)) {
                    listed.filter(file -> file.toString().endsWith(".yml")
                                    && !file.getFileName().toString().equals("defaults.yml"))
                            .sorted().forEach(files::add);
                }
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else {
                throw usage("no suite at " + path);
            }
        }
        if (files.isEmpty()) {
            throw usage("no suite (*.yml) in " + paths);
        }
        List<Suite> suites = new ArrayList<>();
        for (Path file : files) {
            try {
                suites.add(Suite.read(file));
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        return suites;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
