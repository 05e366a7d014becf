package dev.metric.cli;

import dev.metric.client.ServerAddress;
import dev.metric.server.ServerTarget;
import java.io.PrintWriter;

/**
 * Finds the server a command runs against (starting a local one when allowed and none answers),
 * runs the command's work on it, and stops a server it started, also when the JVM is told to
 * exit mid-run: what every load-running command shares.
 */
final class TargetRun {

    /** The work to run once the server's address is known. */
    @FunctionalInterface
    interface Work<R> {
        R run(ServerAddress address, boolean embedded) throws Exception;
    }

    private TargetRun() {
    }

    static <R> R on(ServerOptions server, int port, PrintWriter err, Work<R> work) throws Exception {
        try (ServerTarget target = ServerTarget.resolve(server.host, port, !server.noEmbedded, server.connectTimeout,
                err::println)) {
            Thread stopOnExit = new Thread(target::close, "metric-stop-local-server");
            Runtime.getRuntime().addShutdownHook(stopOnExit);
            try {
                return work.run(target.address(), target.embedded().isPresent());
            } finally {
                removeHook(stopOnExit);
            }
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and the hook is already running: it stops the server itself.
        }
    }
}
