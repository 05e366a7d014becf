package dev.metric.cli.option;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What a mode's report holds beyond the figures every run prints, and where its results go besides stdout. */
public final class OutputOptions {

    @Option(names = "--no-breakdown",
            description = "Leave out the latency breakdown (client, server, network per GET and SET) and "
                    + "the half second before the run that measures the client's share.")
    public boolean noBreakdown;

    @Option(names = "--markdown",
            description = "Print the run as a row of the write-up's table (Markdown) instead of the report.")
    public boolean markdown;

    @Mixin
    public ResultFiles files;
}
