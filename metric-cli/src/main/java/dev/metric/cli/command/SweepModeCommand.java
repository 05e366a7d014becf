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
import dev.metric.config.RunConfig;
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
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code sweep mode1}, {@code sweep mode2}, {@code sweep run} and {@code sweep replay} share: the matrix, the
 * server and the data set; run the plan against the resolved server, keep every run, then compare
 * them and print the comparison. A sweep of a mode adds the mode's options and says how they make
 * one run's configuration.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class SweepModeCommand<C extends RunConfig, R extends RunResult> implements Callable<Integer> {

    @Mixin
    SweepOptions sweep;

    @Mixin
    ServerOptions server;

    @Mixin
    DataOptions data;

    @Mixin
    DryRun dryRun;

    @Spec
    CommandSpec spec;

    /** The mode swept. */
    abstract Mode<C, R> mode();

    /**
     * The mode's configuration of {@code cell}'s run: the first writes the data set, every later one
     * reuses it.
     *
     * @throws IllegalArgumentException with a one-line reason for a bad value
     */
    abstract C config(SweepCell cell, ClientSettings settings, boolean first);

    /** What one configured run of the mode would do, for --dry-run. */
    abstract DryRun.Plan plan(ServerOptions.Endpoint endpoint, C config);

    /** What the runs do with the data the ones before them wrote, for --dry-run. */
    abstract String acrossRuns();

    /**
     * Checks the options (a bad one is a usage error, before any server is touched), runs the plan,
     * and prints the comparison; with --dry-run, prints the plan and its first run instead.
     *
     * @return 0 when every run passed (or for a dry run), 1 otherwise
     */
    @Override
    public final Integer call() throws Exception {
        Mode<C, R> mode = mode();
        ServerOptions.Endpoint endpoint;
        SweepPlan plan;
        C firstConfig;
        try {
            endpoint = server.endpoint(sweep.port(data), spec);
            plan = sweep.plan();
            SweepCell first = plan.order().get(0);
            firstConfig = config(first, settings(endpoint.address(), server, first), true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        OldSpellings.warn(spec, spec.commandLine().getErr());
        if (dryRun.requested) {
            DryRun.Plan firstRun = plan(endpoint, firstConfig);
            return DryRun.print(out, "sweep " + mode.name(), DryRun.sweep(plan, sweep.out, acrossRuns(), firstRun));
        }
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> progress = TerminalProgress.forStderr(err, sweep.quiet);
        Path csv = sweep.out.resolve("runs.csv");
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            SweepRunner<R> runner = new SweepRunner<>(mode.name(), plan, sweep.out, (result, json) -> {
                JsonResults.write(result, SavedCommandLine.origin(spec, null), Percentiles.DEFAULT, json);
                mode.csvTable(Percentiles.DEFAULT).append(csv, mode.csvRows(result, Percentiles.DEFAULT));
            }, R::passed);
            List<SweepRunner.Run> runs = runner.run((cell, first, log) -> mode.run(
                    config(cell, settings(address, server, cell), first),
                    new RunContext(embedded, progress, log, control)), progress, control);
            if (runs.isEmpty()) {
                err.println("sweep: stopped before its first run: " + control.reason());
                return ExitCodes.FAILED;
            }
            String summary = ComparisonReport.write(runs.stream().map(SweepRunner.Run::json).toList(),
                    runs.stream().map(SweepRunner.Run::hdrLog).toList(), sweep.out);
            TerminalProgress.finish(progress);
            out.print(summary);
            out.flush();
            if (firstConfig instanceof DataSetConfig dataSet) { // a replay's keys are the trace's, never metric's
                data.cleanUpAfter(settings(address, server, plan.order().get(0)), dataSet.data(), embedded,
                        progress);
            }
            long failed = runs.stream().filter(run -> !run.passed()).count();
            if (failed > 0) {
                err.println("sweep: " + failed + " of " + runs.size()
                        + " runs did not pass; each run's JSON under runs/ says why (summary.failures)");
            }
            return failed == 0 ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The connection settings of {@code cell}'s runs. */
    private static ClientSettings settings(ServerAddress address, ServerOptions server, SweepCell cell) {
        return server.settings(address, cell.poolSize(), false);
    }
}
