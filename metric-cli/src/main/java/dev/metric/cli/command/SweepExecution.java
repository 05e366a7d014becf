package dev.metric.cli.command;

import dev.metric.cli.convert.OldSpellings;
import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.option.DataOptions;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.SavedCommandLine;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.SweepOptions;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.TerminalProgress;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.DataSetConfig;
import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.report.ComparisonReport;
import dev.metric.report.JsonResults;
import dev.metric.result.RunResult;
import dev.metric.run.RunContext;
import dev.metric.sweep.SweepCell;
import dev.metric.sweep.SweepPlan;
import dev.metric.sweep.SweepRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * What {@code sweep mode1} and {@code sweep mode2} share: run the plan against the resolved server,
 * keep every run, then compare them and print the comparison.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
final class SweepExecution<C extends DataSetConfig, R extends RunResult> {

    /** The mode's configuration of one run: the first writes the data set, every later one reuses it. */
    interface ConfigFor<C> {
        C config(SweepCell cell, ClientSettings settings, boolean first);
    }

    /** What one configured run of the mode would do, for --dry-run. */
    interface PlanOf<C> {
        DryRun.Plan plan(ServerOptions.Endpoint endpoint, C config);
    }

    private final Mode<C, R> mode;

    SweepExecution(Mode<C, R> mode) {
        this.mode = mode;
    }

    /**
     * Checks the options (a bad one is a usage error, before any server is touched), runs the plan,
     * and prints the comparison; with --dry-run, prints the plan and its first run instead.
     *
     * @return 0 when every run passed (or for a dry run), 1 otherwise
     */
    int run(SweepOptions options, ServerOptions server, DataOptions data, CommandSpec spec,
            ConfigFor<C> configFor, DryRun dryRun, PlanOf<C> planOf) throws Exception {
        ServerOptions.Endpoint endpoint;
        SweepPlan plan;
        C firstConfig;
        try {
            endpoint = server.endpoint(options.port(data), spec);
            plan = options.plan();
            SweepCell first = plan.order().get(0);
            firstConfig = configFor.config(first, settings(endpoint.address(), server, first), true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        OldSpellings.warn(spec, spec.commandLine().getErr());
        if (dryRun.requested) {
            DryRun.Plan firstRun = planOf.plan(endpoint, firstConfig);
            return DryRun.print(out, "sweep " + mode.name(), DryRun.sweep(plan, options.out, firstRun));
        }
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> progress = TerminalProgress.forStderr(err, options.quiet);
        Path csv = options.out.resolve("runs.csv");
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            SweepRunner<R> runner = new SweepRunner<>(mode.name(), plan, options.out, (result, json) -> {
                JsonResults.write(result, SavedCommandLine.origin(spec, null), Percentiles.DEFAULT, json);
                mode.csvTable(Percentiles.DEFAULT).append(csv, mode.csvRows(result, Percentiles.DEFAULT));
            }, R::passed);
            List<SweepRunner.Run> runs = runner.run((cell, first, log) -> mode.run(
                    configFor.config(cell, settings(address, server, cell), first),
                    new RunContext(embedded, progress, log, control)), progress, control);
            if (runs.isEmpty()) {
                err.println("sweep: stopped before its first run: " + control.reason());
                return ExitCodes.FAILED;
            }
            String summary = ComparisonReport.write(runs.stream().map(SweepRunner.Run::json).toList(),
                    runs.stream().map(SweepRunner.Run::hdrLog).toList(), options.out);
            TerminalProgress.finish(progress);
            out.print(summary);
            out.flush();
            data.cleanUpAfter(settings(address, server, plan.order().get(0)), firstConfig.data(), embedded,
                    progress);
            long failed = runs.stream().filter(run -> !run.passed()).count();
            if (failed > 0) {
                err.println("sweep: " + failed + " of " + runs.size()
                        + " runs did not verify every value or had errors");
            }
            return failed == 0 ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The connection settings of {@code cell}'s runs. */
    static ClientSettings settings(ServerAddress address, ServerOptions server, SweepCell cell) {
        return server.settings(address, cell.poolSize(), false);
    }
}
