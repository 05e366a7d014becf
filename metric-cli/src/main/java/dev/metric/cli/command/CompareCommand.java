package dev.metric.cli.command;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.compare.RegressionGate;
import dev.metric.compare.RunComparisonTable;
import dev.metric.compare.RunGroup;
import dev.metric.compare.SavedRun;
import java.io.IOException;
import java.io.PrintWriter;
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

/** {@code metric compare A B [more]}: is B better than A? The headline figures side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Set saved runs side by side by their headline figures (the summary of each --json result): ops/s, p50,"
                    + " p99, p99.9 and max, errors, the values' verdict. The first is the baseline; every other gets"
                    + " its change in percent against it, and whether the change is beyond run-to-run noise.",
            "A directory stands for repeats of one configuration (every .json directly in it): its median and"
                    + " range are shown, and its median is uncertain by half that range. A single run's uncertainty"
                    + " comes from its interval log, NAME.hlog beside NAME.json (--hdr-log): the middle 95% of each"
                    + " figure over 1000 bootstrap resamples of its one-second intervals. A change is beyond noise"
                    + " when it is larger than the two sides' uncertainties combined, sqrt(a^2 + b^2). Without"
                    + " repeats or an interval log, noise is unknown."
        })
public final class CompareCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RESULT", arity = "2..*",
            description = "JSON results (--json), or directories of repeated runs; the first is the baseline.")
    List<Path> inputs;

    @Option(names = "--fail-if-slower", paramLabel = "PCT",
            description = "A CI gate. Exit 1 when a run (or the baseline) did not pass, a figure cannot be compared,"
                    + " or a run's ops/s is lower, or its p99 higher, than the baseline's by more than PCT percent"
                    + " and the change is beyond noise (or noise is unknown); exit 4 when the noise band is wider"
                    + " than PCT and could hide such a change.")
    Double failIfSlowerPercent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RunComparisonTable table;
        RegressionGate gate;
        try {
            List<RunGroup> groups = new ArrayList<>();
            for (Path input : inputs) {
                groups.add(group(input));
            }
            table = new RunComparisonTable(groups);
            gate = failIfSlowerPercent == null ? null : new RegressionGate(table, failIfSlowerPercent);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(table.text());
        int exit = ExitCodes.VERIFIED;
        if (gate != null) {
            RegressionGate.Verdict verdict = gate.judge();
            verdict.lines().forEach(out::println);
            exit = switch (verdict.outcome()) {
                case PASSED -> ExitCodes.VERIFIED;
                case FAILED -> ExitCodes.FAILED;
                case CANNOT_TELL -> ExitCodes.CANNOT_TELL;
            };
        }
        out.flush();
        return exit;
    }

    /** A result file as one run, or a directory's results as repeats of one configuration. */
    private static RunGroup group(Path input) throws IOException {
        if (!Files.isDirectory(input)) {
            return new RunGroup(input.toString(), List.of(SavedRun.read(input)));
        }
        List<SavedRun> runs = new ArrayList<>();
        try (Stream<Path> files = Files.list(input)) {
            for (Path file : files.filter(file -> file.getFileName().toString().endsWith(".json")).sorted().toList()) {
                runs.add(SavedRun.read(file));
            }
        }
        return new RunGroup(input.toString(), runs);
    }
}
