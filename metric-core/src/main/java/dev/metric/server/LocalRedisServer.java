package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real redis-server process that metric starts on a loopback port and stops again: the
 * embedded default when no server answers, and the server every integration test runs against.
 *
 * <p>It persists nothing (no RDB, no AOF) and lives in a temporary directory removed on close.
 * {@link #close()} is idempotent, so it can be called both normally and from a shutdown hook.
 *
 * <p>It never outlives metric. The server runs under a small shell, its {@linkplain #WATCHDOG
 * watchdog}, that reads a pipe only metric writes to: when the pipe closes, because metric closed
 * it or because metric died by any signal (SIGKILL and the OOM killer included, which no shutdown
 * hook survives) and the kernel closed it, the watchdog stops the server.
 */
public final class LocalRedisServer implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static final Duration STARTUP_LIMIT = Duration.ofSeconds(15);
    private static final Duration STOP_LIMIT = Duration.ofSeconds(5);
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

    private final Process process;
    private final ServerAddress address;
    private final Path directory;
    private final RedisExecutable executable;
    private final ServerInfo info;

    private LocalRedisServer(Process process, ServerAddress address, Path directory,
                             RedisExecutable executable, ServerInfo info) {
        this.process = process;
        this.address = address;
        this.directory = directory;
        this.executable = executable;
        this.info = info;
    }

    /**
     * Starts a server on a free loopback port and waits until it answers PING.
     *
     * @throws IOException when no executable is found or the server does not come up
     */
    public static LocalRedisServer startOnFreePort() throws IOException {
        return startOnFreePort(RedisExecutable.locate(), List.of());
    }

    /**
     * Starts a server configured further by {@code arguments} (redis-server options such as
     * {@code --tls-port} or {@code --maxmemory}) on a free loopback port.
     */
    public static LocalRedisServer startOnFreePort(List<String> arguments) throws IOException {
        return startOnFreePort(RedisExecutable.locate(), arguments);
    }

    /** Starts a server on {@code port}: a server restarted where its clients expect it. */
    public static LocalRedisServer startOn(int port) throws IOException {
        return start(RedisExecutable.locate(), port, List.of());
    }

    /** Starts {@code executable} on a free loopback port and waits until it answers PING. */
    static LocalRedisServer startOnFreePort(RedisExecutable executable, List<String> arguments) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            try {
                return start(executable, LoopbackPorts.free(), arguments);
            } catch (IOException e) {
                last = e; // most likely another process took the port between probe and bind
            }
        }
        throw last;
    }

    private static LocalRedisServer start(RedisExecutable executable, int port, List<String> arguments)
            throws IOException {
        Path directory = Files.createTempDirectory("metric-redis-");
        Path log = directory.resolve("redis.log");
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // A session of its own: Ctrl-C in metric's terminal reaches metric, which then stops the
            // run and reads the server's INFO before stopping it, instead of killing both at once.
            command.add(SETSID.toString());
        }
        if (WATCHED) {
            command.addAll(List.of(SHELL.toString(), "-c", WATCHDOG, "metric-redis-watchdog"));
        }
        command.addAll(List.of(executable.path().toString(),
                "--port", Integer.toString(port),
                "--bind", LOOPBACK,
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--dir", directory.toString(),
                "--logfile", log.toString()));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("stdout.log").toFile())
                .start();
        ServerAddress address = new ServerAddress(LOOPBACK, port);
        long deadline = System.nanoTime() + STARTUP_LIMIT.toNanos();
        while (true) {
            if (!process.isAlive()) {
                String reason = tail(log) + tail(directory.resolve("stdout.log"));
                deleteRecursively(directory);
                throw new IOException("redis-server exited with code " + process.exitValue()
                        + " on port " + port + ": " + reason.strip());
            }
            try (ServerAdmin admin = ServerAdmin.connect(address, 0, Duration.ofMillis(200), Duration.ofSeconds(2))) {
                return new LocalRedisServer(process, address, directory, executable, admin.info());
            } catch (ServerUnreachableException notYet) {
                if (System.nanoTime() > deadline) {
                    stop(process);
                    deleteRecursively(directory);
                    throw new IOException("redis-server did not answer within " + STARTUP_LIMIT.toSeconds()
                            + " s on port " + port + ": " + notYet.getMessage());
                }
                sleep(Duration.ofMillis(20));
            }
        }
    }

    public ServerAddress address() {
        return address;
    }

    public RedisExecutable executable() {
        return executable;
    }

    /** INFO as read when the server came up. */
    public ServerInfo info() {
        return info;
    }

    /**
     * Stops the server and removes its directory: closing the watchdog's pipe stops it; SIGTERM,
     * then SIGKILL after a grace period, follow if it is still there.
     */
    @Override
    public synchronized void close() {
        if (process.isAlive()) {
            stop(process);
        }
        deleteRecursively(directory);
    }

    private static void stop(Process process) {
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

    private static void sleep(Duration duration) throws IOException {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for redis-server", e);
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
