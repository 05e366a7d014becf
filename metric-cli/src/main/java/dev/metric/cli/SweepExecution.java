package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.record.IntervalLog;
import dev.metric.report.ComparisonReport;
import dev.metric.report.CsvTable;
import dev.metric.report.JsonResults;
import dev.metric.run.RunControl;
import dev.metric.sweep.SweepCell;
import dev.metric.sweep.SweepPlan;
import dev.metric.sweep.SweepRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * What {@code sweep mode1} and {@code sweep mode2} share: run the plan against the resolved server,
 * keep every run, then compare them and print the comparison.
 *
 * @param <R> the mode's result
 */
final class SweepExecution<R> {

    /** The mode's configuration of one run: the first writes the data set, every later one reuses it. */
    interface ConfigFor<C> {
        C config(SweepCell cell, ClientSettings settings, boolean first);
    }

    /** What one configured run of the mode would do, for --dry-run. */
    interface PlanOf<C> {
        DryRun.Plan plan(ServerOptions.Endpoint endpoint, C config);
    }

    /** Runs one configured run of the mode. */
    interface ModeRun<C, R> {
        R run(C config, boolean embedded, Consumer<String> progress, IntervalLog log, RunControl control)
                throws InterruptedException;
    }

    private final String mode;
    private final CsvTable csvTable;
    private final Function<R, List<String>> csvRow;
    private final Predicate<R> passed;

    SweepExecution(String mode, CsvTable csvTable, Function<R, List<String>> csvRow, Predicate<R> passed) {
        this.mode = mode;
        this.csvTable = csvTable;
        this.csvRow = csvRow;
        this.passed = passed;
    }

    /**
     * Checks the options (a bad one is a usage error, before any server is touched), runs the plan,
     * and prints the comparison; with --dry-run, prints the plan and its first run instead.
     *
     * @return 0 when every run passed (or for a dry run), 1 otherwise
     */
    <C> int run(SweepOptions options, ServerOptions server, DataOptions data, CommandSpec spec,
                ConfigFor<C> configFor, DryRun dryRun, PlanOf<C> planOf, ModeRun<C, R> modeRun) throws Exception {
        ServerOptions.Endpoint endpoint = server.endpoint(data.port(options.kkeys, options.port), spec);
        SweepPlan plan;
        C firstConfig;
        try {
            plan = options.plan();
            SweepCell first = plan.order().get(0);
            firstConfig = configFor.config(first, settings(endpoint.address(), server, first), true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (dryRun.requested) {
            DryRun.Plan firstRun = planOf.plan(endpoint, firstConfig);
            return DryRun.print(out, "sweep " + mode, DryRun.sweep(plan, options.out, firstRun));
        }
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> progress = TerminalProgress.forStderr(err, options.quiet);
        Path csv = options.out.resolve("runs.csv");
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            SweepRunner<R> runner = new SweepRunner<>(mode, plan, options.out, (result, json) -> {
                JsonResults.write(result, json);
                csvTable.append(csv, List.of(csvRow.apply(result)));
            }, passed);
            List<SweepRunner.Run> runs = runner.run((cell, first, log) -> modeRun.run(
                    configFor.config(cell, settings(address, server, cell), first), embedded, progress, log, control),
                    progress, control);
            if (runs.isEmpty()) {
                err.println("sweep: stopped before its first run: " + control.reason());
                return ExitCodes.FAILED;
            }
            String summary = ComparisonReport.write(runs.stream().map(SweepRunner.Run::json).toList(),
                    runs.stream().map(SweepRunner.Run::hdrLog).toList(), options.out);
            TerminalProgress.finish(progress);
            out.print(summary);
            out.flush();
            data.cleanUpAfter(settings(address, server, plan.order().get(0)), embedded, progress);
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
