package dev.metric.cli.command;

import dev.metric.cli.option.ServerOptions;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import dev.metric.client.jedis.SentinelLookup;
import dev.metric.run.RunControl;
import dev.metric.server.ServerTarget;
import java.io.PrintWriter;

/**
 * Finds the server a command runs against (starting a local one when allowed and none answers),
 * runs the command's work on it with Ctrl-C and SIGTERM stopping the work rather than the JVM,
 * and stops a server it started, also when the JVM is told to exit mid-run: what every
 * load-running command shares.
 */
final class TargetRun {

    /** The work to run once the server's address is known; returns the exit code. */
    @FunctionalInterface
    interface Work {
        int run(ServerAddress address, boolean embedded, RunControl control) throws Exception;
    }

    private TargetRun() {
    }

    /**
     * Runs {@code work} against {@code endpoint}; the exit code is the work's own, or 128 + the
     * signal's number when a signal stopped it.
     */
    static int on(ServerOptions server, ServerOptions.Endpoint endpoint, PrintWriter err, Work work) throws Exception {
        try (ServerTarget target = target(server, endpoint, err)) {
            Thread stopOnExit = new Thread(target::close, "metric-stop-local-server");
            Runtime.getRuntime().addShutdownHook(stopOnExit);
            RunControl control = new RunControl();
            try (StopOnSignal signals = StopOnSignal.install(control, err)) {
                int code = work.run(target.address(), target.embedded(), control);
                return signals.exitCode(code);
            } finally {
                removeHook(stopOnExit);
            }
        }
    }

    /**
     * A local cluster or server when asked for; a cluster's node as named (a cluster is never replaced
     * by a local server); the primary the Sentinels name; else the server named, or the default one
     * or a local one.
     */
    private static ServerTarget target(ServerOptions server, ServerOptions.Endpoint endpoint, PrintWriter err) {
        if (endpoint.embeddedCluster() > 0) {
            return ServerTarget.startCluster(endpoint.embeddedCluster(), err::println);
        }
        if (endpoint.cluster()) {
            return ServerTarget.at(endpoint.address());
        }
        if (endpoint.sentinels() != null) {
            return ServerTarget.at(SentinelLookup.primary(endpoint.sentinels(), server.connectTimeout));
        }
        boolean memcached = endpoint.protocol() == Protocol.MEMCACHED;
        if (endpoint.embedded()) {
            return memcached ? ServerTarget.startLocalMemcached(server.memcachedThreads(), err::println)
                    : ServerTarget.startLocal(err::println);
        }
        if (memcached) {
            return ServerTarget.resolveMemcached(endpoint.host(), endpoint.port(), !server.noEmbedded,
                    server.memcachedThreads(), server.connectTimeout, err::println);
        }
        return ServerTarget.resolve(endpoint.host(), endpoint.port(), endpoint.access(), !server.noEmbedded,
                server.connectTimeout, err::println);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and the hook is already running: it stops the server itself.
        }
    }
}
