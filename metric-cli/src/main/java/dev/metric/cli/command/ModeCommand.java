package dev.metric.cli.command;

import dev.metric.cli.convert.OldSpellings;
import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.option.ClientOptions;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.SavedCommandLine;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.TerminalProgress;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.RunConfig;
import dev.metric.config.RunLimits;
import dev.metric.metrics.MetricsEndpoint;
import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.result.RunResult;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The one path every mode's command takes: its options become a configuration before any server
 * is touched (a bad one is a usage error), {@code --dry-run} prints the plan, else the server is
 * resolved, the mode runs, its result is printed and written where asked, and the exit code says
 * whether it passed. A command adds its own options and says how they make its configuration.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class ModeCommand<C extends RunConfig, R extends RunResult> implements Callable<Integer> {

    @Mixin
    ServerOptions server;

    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    /** Where each run's result goes besides the report and the files, for a command that runs this one. */
    private Consumer<R> results = result -> { };

    /** Hands each result of this command to {@code sink} as well, after it is reported and written. */
    final void onResult(Consumer<R> sink) {
        this.results = sink;
    }

    /** The client threads the command asks for. */
    abstract int threads();

    /** The port the command names, or null for the protocol's default. */
    abstract Integer port();

    /** After the run of {@code config} and its outputs, also after a failed one: what becomes of the keys it wrote. */
    abstract void cleanUpAfter(C config, boolean embedded, Consumer<String> progress);

    /** The mode the command runs. */
    abstract Mode<C, R> mode();

    /** Where the results go besides stdout. */
    abstract ResultFiles files();

    /** The command's {@code --dry-run}. */
    abstract DryRun dryRun();

    /**
     * The configuration the options describe with {@code settings}.
     *
     * @throws IllegalArgumentException with a one-line reason for a bad value
     */
    abstract C config(ClientSettings settings);

    /** What a run of {@code config} would do, for {@code --dry-run}. */
    abstract DryRun.Plan plan(ServerOptions.Endpoint endpoint, C config);

    /**
     * Checks the options that place the run among other load generators.
     *
     * @return when the traffic starts, or null for as soon as the run is ready
     */
    Instant trafficStart() {
        return null;
    }

    /** The text the run prints on stdout: its report, ending with the run's one-line summary. */
    String printed(R result, Percentiles percentiles) {
        return mode().report(result, percentiles) + result.summary().line();
    }

    /** The run's --run-id, kept in its JSON; null when it has none. */
    String runId() {
        return null;
    }

    /** What follows the report and the files, where the report goes (stdout; stderr for {@code --json -}). */
    void afterOutputs(PrintWriter out) throws IOException {
    }

    @Override
    public final Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Instant trafficStart = trafficStart();
        ServerOptions.Endpoint endpoint = server.endpoint(usage(this::port), spec);
        C checked = configAt(endpoint.address()); // bad options fail before any server is touched
        OldSpellings.warn(spec, err);
        if (dryRun().requested) {
            return DryRun.print(out, mode().name(), plan(endpoint, checked));
        }
        ResultFiles files = files();
        try (MetricsEndpoint metrics = usage(() -> files.metricsEndpoint(err))) {
            return TargetRun.on(server, endpoint, err, (address, embedded, control) -> run(address, embedded,
                    control, trafficStart, files, metrics));
        }
    }

    /** The run against the server at {@code address}, its report and files, and its exit code. */
    private int run(ServerAddress address, boolean embedded, RunControl control, Instant trafficStart,
                    ResultFiles files, MetricsEndpoint metrics) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        C config = configAt(address);
        control.startTrafficAt(trafficStart);
        R result = files.withIntervalLog(mode().intervalLogComment(), err, metrics,
                log -> mode().run(config, new RunContext(embedded, files.progress(err), log, control)));
        TerminalProgress.finish(files.progress(err));
        Percentiles percentiles = files.percentiles();
        PrintWriter report = files.jsonToStdout() ? err : out;
        report.print(printed(result, percentiles));
        report.flush();
        files.write(result, SavedCommandLine.origin(spec, runId()), mode().csvTable(percentiles),
                mode().csvRows(result, percentiles), out, err);
        afterOutputs(report);
        results.accept(result);
        cleanUpAfter(config, embedded, files.progress(err));
        return result.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
    }

    /** {@code value}'s answer; a bad option it finds is a usage error. */
    private <T> T usage(Supplier<T> value) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }

    /** The configuration the options describe, aimed at {@code address}; bad values are usage errors. */
    private C configAt(ServerAddress address) {
        try {
            RunLimits.checkThreads(threads());
            files().checkWritable(mode().csvTable(files().percentiles()));
            return config(client.settings(server, address, threads()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }
}
