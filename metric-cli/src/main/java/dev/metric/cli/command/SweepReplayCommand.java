package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.ReplayOptions;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.mode.Mode;
import dev.metric.mode.replay.ReplayConfig;
import dev.metric.mode.replay.ReplayMode;
import dev.metric.mode.replay.ReplayResult;
import dev.metric.sweep.SweepCell;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code metric sweep replay <threads> --trace FILE}: a trace replayed over clients, pools and threads. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Replay a trace, as metric replay does (its warm phase, warm-up and measured commands, every read of a key"
                    + " it wrote checked), for every client, pool size and thread count, --repeat times; print the"
                    + " comparison and keep every run in --out. The one argument is <threads>: the trace names its"
                    + " own keys, so there is no <kkeys>; --value-size is the warm phase's values'.",
            "Nothing is deleted unless --flush --yes (before the first run)."
        })
final class SweepReplayCommand extends SweepModeCommand<ReplayConfig, ReplayResult> {

    @Option(names = "--trace", paramLabel = "FILE", required = true, description = "The trace, as metric replay's"
            + " FILE.")
    Path file;

    @Mixin
    ReplayOptions replay;

    @Override
    Mode<ReplayConfig, ReplayResult> mode() {
        return ReplayMode.MODE;
    }

    @Override
    String acrossRuns() {
        return "every run replays the whole trace, its warm phase first; only the first may flush";
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, ReplayConfig config) {
        return DryRun.replay(server, endpoint, null, config);
    }

    /** Each run replays the whole trace; only the first may flush. */
    @Override
    ReplayConfig config(SweepCell cell, ClientSettings settings, boolean first) {
        if (sweep.kkeys() != null) {
            throw new IllegalArgumentException("sweep replay takes <threads> only, no <kkeys>: the trace names its"
                    + " keys; give a port with -p/--port");
        }
        // A sweep compares clients and pools as applications use them: a thread per connection.
        return replay.builder(file, cell.library(), settings, cell.threads(), EngineKind.THREADS, 1)
                .warmValueSizes(data.valueSizes())
                .flush(data.flushPolicy(first))
                .build();
    }
}
