package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import java.time.Duration;
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

    @Option(names = "--connect-timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for opening a connection and for the server's first reply, e.g. 500ms or 5s"
                    + " (default: ${DEFAULT-VALUE}). An unreachable server fails the run with exit code 3 within it.")
    Duration connectTimeout;

    @Option(names = "--timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for one reply (default: ${DEFAULT-VALUE}). A request past it counts as an error;"
                    + " a server that accepts no connection for longer ends the run with what it measured.")
    Duration commandTimeout;

    /** The connection settings for a pool of {@code poolSize} connections to {@code address}. */
    ClientSettings settings(ServerAddress address, int poolSize, boolean poolPerThread) {
        return new ClientSettings(address, database, poolSize, poolPerThread, connectTimeout, commandTimeout);
    }
}
