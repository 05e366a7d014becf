package dev.metric.cli;

import picocli.CommandLine.Option;

/** Where the server is, and whether metric may start one: shared by every command that runs load. */
final class ServerOptions {

    @Option(names = "--host", paramLabel = "HOST",
            description = "Server host. Without it metric uses 127.0.0.1 and, when nothing answers there, "
                    + "starts a local redis-server for the run (see --no-embedded).")
    String host;

    @Option(names = "--db", paramLabel = "N", defaultValue = "0",
            description = "Logical database to use (default: ${DEFAULT-VALUE}). Other databases are never touched.")
    int database;

    @Option(names = "--no-embedded",
            description = "Fail with exit code 3 instead of starting a local redis-server when none answers.")
    boolean noEmbedded;
}
