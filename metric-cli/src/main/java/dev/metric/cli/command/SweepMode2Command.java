package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.Mode2Options;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.ValueTypeOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.mode.Mode;
import dev.metric.mode.cache.CacheMode;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Result;
import dev.metric.sweep.SweepCell;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code metric sweep mode2 <kkeys> [port]}: mode2 over a matrix of clients, pool sizes and threads. */
@Command(name = "mode2", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Preload <kkeys> x 1024 keys once, then run mode2's traffic (warm-up and measured phase, or a capacity"
                    + " search) for every client, pool size and thread count, --repeat times; print the comparison"
                    + " and keep every run in --out.",
            "Nothing is deleted unless --flush is given."
        })
final class SweepMode2Command extends SweepModeCommand<Mode2Config, Mode2Result> {

    @Mixin
    ValueTypeOptions types;

    @Mixin
    Mode2Options mode2;

    @Override
    Mode<Mode2Config, Mode2Result> mode() {
        return CacheMode.MODE;
    }

    @Override
    String acrossRuns() {
        return "the first run preloads the data set; every later run's traffic uses it, refilling what expired";
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, Mode2Config config) {
        return DryRun.mode2(server, endpoint, data, null, config);
    }

    /** The first run preloads (flushing if asked); every later one runs on its keys, refilling what expired. */
    @Override
    Mode2Config config(SweepCell cell, ClientSettings settings, boolean first) {
        // A sweep compares clients and pools as applications use them: a thread per connection.
        return mode2.config(cell.library(), settings, cell.threads(), EngineKind.THREADS, 1,
                types.applyTo(data.spec(sweep.kkeys(), sweep.portArgument())),
                data.flushPolicy(first),
                !first || mode2.skipLoad, !sweep.noBreakdown);
    }
}
