package dev.metric.cli;

import picocli.CommandLine.Option;

/** What data a run writes and whether it may delete anything first. */
final class DataOptions {

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed every key and value derives from (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--flush",
            description = "FLUSHDB the selected database before writing. Without it nothing is ever deleted.")
    boolean flush;
}
