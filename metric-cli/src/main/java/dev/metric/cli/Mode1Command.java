package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.Mode1Config;
import dev.metric.config.RunLimits;
import dev.metric.record.Percentiles;
import dev.metric.report.MarkdownTable;
import dev.metric.report.Mode1Csv;
import dev.metric.report.Mode1Report;
import dev.metric.result.Mode1Result;
import dev.metric.run.Mode1Runner;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code metric mode1 <threads> <kkeys> [port]}: write, then read back and verify every value. */
@Command(name = "mode1", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Write <kkeys> x 1024 random key/values (keys 20-200 bytes, values 200-2000 bytes, lengths uniform),"
                    + " then read keys chosen uniformly at random from <threads> threads, compare every value"
                    + " with what was written, and report requests per second and latency percentiles.",
            "Nothing is deleted unless --flush is given. Progress goes to stderr, the report to stdout."
        })
final class Mode1Command implements Callable<Integer> {

    @Mixin
    LoadShape shape;

    @Mixin
    ServerOptions server;

    @Mixin
    ClientOptions client;

    @Mixin
    DataOptions data;

    @Mixin
    ValueTypeOptions types;

    @Mixin
    Mode1Options mode1;

    @Mixin
    OutputOptions output;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    DryRun dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Instant startAt = generator.check(spec, data, output.files);
        ServerOptions.Endpoint endpoint = server.endpoint(data.port(shape.kkeys, shape.port), spec);
        Mode1Config checked = configAt(endpoint.address()); // bad options fail before any server is touched
        if (dryRun.requested) {
            return DryRun.print(spec.commandLine().getOut(), "mode1",
                    DryRun.mode1(server, endpoint, data, output.files, checked));
        }
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            Mode1Config config = configAt(address);
            control.startTrafficAt(startAt);
            Mode1Result result = output.files.withIntervalLog(
                    "metric mode1: latencies in nanoseconds, tags get and set-batch", err,
                    log -> new Mode1Runner(config, embedded, output.files.progress(err), log, control).run());
            Percentiles percentiles = output.files.percentiles();
            output.emit(new RenderedRun(Mode1Report.render(result, percentiles), result, Mode1Csv.table(percentiles),
                    Mode1Csv.row(result, percentiles),
                    MarkdownTable.MODE1_COLUMNS, MarkdownTable.row(result), generator.runId()),
                    spec.commandLine().getOut(), err);
            generator.printResults(output.files, spec.commandLine().getOut());
            data.cleanUpAfter(config.client(), embedded, output.files.progress(err));
            return result.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The configuration the options describe, aimed at {@code address}; bad values are usage errors. */
    private Mode1Config configAt(ServerAddress address) {
        try {
            RunLimits.checkThreads(shape.threads);
            output.files.checkWritable(Mode1Csv.table(output.files.percentiles()));
            ClientSettings settings = client.settings(server, address, shape.threads);
            return mode1.config(client.library, settings, shape.threads, client.engine, client.connections,
                    types.applyTo(data.spec(shape.kkeys, shape.port)), data.flushPolicy(),
                    mode1.skipLoad, !output.noBreakdown);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }
}
