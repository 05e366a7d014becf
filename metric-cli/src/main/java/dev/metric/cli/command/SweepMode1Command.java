package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.Mode1Options;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.ValueTypeOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.mode.Mode;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Result;
import dev.metric.mode.verify.VerifyMode;
import dev.metric.sweep.SweepCell;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code metric sweep mode1 <kkeys> [port]}: mode1 over a matrix of clients, pool sizes and threads. */
@Command(name = "mode1", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Write <kkeys> x 1024 keys once, then run mode1's verify phase for every client, pool size and thread"
                    + " count, --repeat times; print the comparison and keep every run in --out.",
            "Nothing is deleted unless --flush is given."
        })
final class SweepMode1Command extends SweepModeCommand<Mode1Config, Mode1Result> {

    @Mixin
    ValueTypeOptions types;

    @Mixin
    Mode1Options mode1;

    @Override
    Mode<Mode1Config, Mode1Result> mode() {
        return VerifyMode.MODE;
    }

    @Override
    String acrossRuns() {
        return "the first run writes the data set; every later run verifies it and writes nothing";
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, Mode1Config config) {
        return DryRun.mode1(server, endpoint, data, null, config);
    }

    /** The first run writes the data set (flushing if asked); every later one verifies what it wrote. */
    @Override
    Mode1Config config(SweepCell cell, ClientSettings settings, boolean first) {
        // A sweep compares clients and pools as applications use them: a thread per connection.
        return mode1.config(cell.library(), settings, cell.threads(), EngineKind.THREADS, 1,
                types.applyTo(data.spec(sweep.kkeys(), sweep.portArgument())),
                data.flushPolicy(first),
                !first || mode1.skipLoad, !sweep.noBreakdown);
    }
}
