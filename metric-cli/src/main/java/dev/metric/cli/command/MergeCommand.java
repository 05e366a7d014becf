package dev.metric.cli.command;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.report.GeneratorMerge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code metric merge FILE...}: one result from the runs of several load generators. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Merge the results of several load generators that ran one workload against one server at the same"
                    + " time: a row per generator and the total, with rates summed and percentiles taken from"
                    + " the generators' histograms merged into one, never averaged.",
            "Each FILE is a JSON result (--json) with its interval log (--hdr-log) of the same name beside it:"
                    + " gen-a.json and gen-a.hlog. Runs of different workloads or servers, searches, and runs that"
                    + " did not overlap in time are refused."
        })
public final class MergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "JSON results of the generators.")
    List<Path> results;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write merged.md and the percentile spectrum of every generator and the total"
                    + " (PNG and SVG) into DIR (created if missing).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        GeneratorMerge.Merged merged;
        try {
            if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
                throw new IllegalArgumentException("--out " + out + " is a file, not a directory");
            }
            if (results.size() < 2) {
                throw new IllegalArgumentException("merge needs the results of at least two generators, got "
                        + results.size());
            }
            merged = GeneratorMerge.of(results);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        String text = GeneratorMerge.render(merged);
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        if (out != null) {
            for (Path file : GeneratorMerge.write(merged, text, out)) {
                spec.commandLine().getErr().println("merge: wrote " + file);
            }
        }
        return merged.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
    }
}
