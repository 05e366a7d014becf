package dev.metric.server;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server process metric starts and that never outlives metric, in a temporary directory of its
 * own: what {@link LocalRedisServer} and {@link LocalMemcachedServer} share.
 *
 * <p>The server runs under a small shell, its {@linkplain #WATCHDOG watchdog}, that reads a pipe
 * only metric writes to: when the pipe closes, because metric closed it or because metric died by
 * any signal (SIGKILL and the OOM killer included, which no shutdown hook survives) and the kernel
 * closed it, the watchdog stops the server. It runs in a session of its own, so that Ctrl-C in
 * metric's terminal reaches metric alone, which then stops the run and reads the server's
 * counters before stopping it.
 */
final class WatchedProcess {

    private static final Duration STOP_LIMIT = Duration.ofSeconds(5);
    private static final Duration STARTUP_LIMIT = Duration.ofSeconds(15);
    private static final int PORT_ATTEMPTS = 5;
    /** util-linux's setsid: runs a program in a new session without forking when, as here, it is no group leader. */
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final Path SHELL = Path.of("/bin/sh");
    /** Whether servers run under the {@link #WATCHDOG}: wherever there is a POSIX shell. */
    private static final boolean WATCHED = Files.isExecutable(SHELL);
    /**
     * Runs its arguments (the server) in the background and waits for it, passing SIGTERM and
     * SIGINT on, while a reader of its standard input (metric's end of a pipe) sends the server
     * SIGTERM when that input ends. Exits with the server's status, stopping that reader first so
     * that it never signals a process that took the server's pid after the server was gone.
     */
    private static final String WATCHDOG = String.join("\n",
            "exec 3<&0 </dev/null",
            "\"$@\" &",
            "server=$!",
            "trap 'kill -TERM $server 2>/dev/null' TERM INT HUP",
            "{ cat <&3 >/dev/null; kill -TERM $server 2>/dev/null; } &",
            "watcher=$!",
            "exec 3<&-",
            "while :; do wait $server; status=$?; kill -0 $server 2>/dev/null || break; done",
            "kill $watcher 2>/dev/null",
            "exit $status");
    private static final String OUTPUT = "stdout.log";

    private final Process process;
    private final Path directory;

    private WatchedProcess(Process process, Path directory) {
        this.process = process;
        this.directory = directory;
    }

    /**
     * A new temporary directory for a server named {@code name}, which {@link #start} takes over;
     * the caller puts the server's files in it.
     */
    static Path directory(String name) throws IOException {
        return Files.createTempDirectory("metric-" + name + "-");
    }

    /**
     * Starts {@code command} under the watchdog in {@code directory}, its output going to a file
     * there. {@link #close()} stops it and removes the directory.
     */
    static WatchedProcess start(String name, Path directory, List<String> command) throws IOException {
        List<String> watched = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            watched.add(SETSID.toString());
        }
        if (WATCHED) {
            watched.addAll(List.of(SHELL.toString(), "-c", WATCHDOG, "metric-" + name + "-watchdog"));
        }
        watched.addAll(command);
        try {
            Process process = new ProcessBuilder(watched)
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve(OUTPUT).toFile())
                    .start();
            return new WatchedProcess(process, directory);
        } catch (IOException e) {
            deleteRecursively(directory);
            throw e;
        }
    }

    /** The executable file {@code name} in the first directory of {@code searchPath} (a PATH) that has one. */
    static Optional<Path> onPath(String name, String searchPath) {
        if (searchPath != null) {
            for (String dir : searchPath.split(File.pathSeparator)) {
                Path candidate = dir.isEmpty() ? null : Path.of(dir, name);
                if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Starts a server on the port given. */
    @FunctionalInterface
    interface OnPort<T> {
        T start(int port) throws IOException;
    }

    /**
     * Starts a server on a free loopback port, trying another when the start fails: most likely
     * another process took the port between the probe and the server's bind.
     */
    static <T> T onFreePort(OnPort<T> start) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            try {
                return start.start(LoopbackPorts.free());
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    /** A first look at a starting server: what it says about itself once it answers. */
    @FunctionalInterface
    interface Probe<T> {
        /** @throws ServerUnreachableException while it does not answer yet */
        T probe();
    }

    /**
     * Waits until {@code probe} gets an answer from the server {@code name} on {@code port}, and
     * returns it; when the server exits first or does not answer in time, stops it, removes its
     * directory and says why, with the last lines of {@code log} (a log file of its own, or null)
     * and of its output.
     */
    <T> T awaitReady(String name, int port, Path log, Probe<T> probe) throws IOException {
        long deadline = System.nanoTime() + STARTUP_LIMIT.toNanos();
        while (true) {
            if (!process.isAlive()) {
                String reason = (log == null ? "" : tail(log)) + tail(directory.resolve(OUTPUT));
                int code = process.exitValue();
                close();
                throw new IOException(name + " on port " + port + " exited with code " + code + ": " + reason.strip());
            }
            try {
                return probe.probe();
            } catch (ServerUnreachableException notYet) {
                if (System.nanoTime() > deadline) {
                    close();
                    throw new IOException(name + " did not answer within " + STARTUP_LIMIT.toSeconds()
                            + " s on port " + port + ": " + notYet.getMessage());
                }
                pause(name);
            }
        }
    }

    /**
     * Stops the server and removes its directory: closing the watchdog's pipe stops it; SIGTERM,
     * then SIGKILL after a grace period, follow if it is still there. Idempotent.
     */
    synchronized void close() {
        if (process.isAlive()) {
            stop();
        }
        deleteRecursively(directory);
    }

    private void stop() {
        try {
            process.getOutputStream().close();
            if (WATCHED && process.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (IOException e) {
            // The pipe is gone already: signals will do.
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Waits between two looks at a starting server. */
    private static void pause(String name) throws IOException {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + name, e);
        }
    }

    private static String tail(Path file) {
        try {
            if (!Files.exists(file)) {
                return "";
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())) + " ";
        } catch (IOException e) {
            return "";
        }
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // A leftover temporary directory is harmless; failing a finished run over it is not.
        }
    }
}
