package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.Mode2Config;
import dev.metric.config.RunLimits;
import dev.metric.record.Percentiles;
import dev.metric.report.MarkdownTable;
import dev.metric.report.Mode2Csv;
import dev.metric.report.Mode2Report;
import dev.metric.result.Mode2Result;
import dev.metric.run.Mode2Runner;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code metric mode2 <threads> <kkeys> [port]}: the cache workload, closed loop, at a rate, or a capacity search. */
@Command(name = "mode2", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Preload <kkeys> x 1024 keys with SETEX and TTLs from --ttl, then run GETs and SETEXs (--write-ratio)"
                    + " on keys from --key-dist; a GET that misses is followed by a refill SETEX, as a cache-aside"
                    + " application does. Every value names its key and version, so every hit is verified.",
            "Closed loop by default; --rate paces operations at a target rate and reports response time (from each"
                    + " operation's intended start) beside service time (from its send); --find-max searches for"
                    + " the highest rate that meets --slo.",
            "Nothing is deleted unless --flush is given. Progress goes to stderr every second, the report to stdout."
        })
final class Mode2Command implements Callable<Integer> {

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
    Mode2Options mode2;

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
        Mode2Config checked = configAt(endpoint.address()); // bad options fail before any server is touched
        if (dryRun.requested) {
            return DryRun.print(spec.commandLine().getOut(), "mode2",
                    DryRun.mode2(server, endpoint, data, output.files, checked));
        }
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            Mode2Config config = configAt(address);
            control.startTrafficAt(startAt);
            Mode2Result result = output.files.withIntervalLog("metric mode2: latencies in nanoseconds, a tag per"
                    + " operation type", err,
                    log -> new Mode2Runner(config, embedded, output.files.progress(err), log, control).run());
            Percentiles percentiles = output.files.percentiles();
            output.emit(new RenderedRun(Mode2Report.render(result, percentiles), result, Mode2Csv.table(percentiles),
                    Mode2Csv.row(result, percentiles),
                    MarkdownTable.MODE2_COLUMNS, MarkdownTable.row(result), generator.runId()),
                    spec.commandLine().getOut(), err);
            generator.printResults(output.files, spec.commandLine().getOut());
            data.cleanUpAfter(config.client(), embedded, output.files.progress(err));
            return result.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The configuration the options describe, aimed at {@code address}; bad values are usage errors. */
    private Mode2Config configAt(ServerAddress address) {
        try {
            RunLimits.checkThreads(shape.threads);
            output.files.checkWritable(Mode2Csv.table(output.files.percentiles()));
            ClientSettings settings = client.settings(server, address, shape.threads);
            return mode2.config(client.library, settings, shape.threads, client.engine, client.connections,
                    types.applyTo(data.spec(shape.kkeys, shape.port)), data.flushPolicy(),
                    mode2.skipLoad, !output.noBreakdown);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }
}
