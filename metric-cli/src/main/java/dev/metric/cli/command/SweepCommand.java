package dev.metric.cli.command;

import dev.metric.cli.output.ManifestVersion;
import picocli.CommandLine.Command;

/** {@code metric sweep mode1|mode2|run|replay ...}: the parent of the sweeps; it runs nothing itself. */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        subcommands = {SweepMode1Command.class, SweepMode2Command.class, SweepRunCommand.class,
            SweepReplayCommand.class},
        description = {
            "Run mode1, mode2, run or replay for every client, pool size and thread count given, each cell --repeat"
                    + " times in rounds through the matrix, the data written once; then print one comparison table"
                    + " (median and range of the repeats) and write runs, CSV, JSON and charts to --out."
        })
public final class SweepCommand {
}
