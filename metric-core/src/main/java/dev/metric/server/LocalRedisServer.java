package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real redis-server process that metric starts on a loopback port and stops again: the
 * embedded default when no server answers, and the server every integration test runs against.
 *
 * <p>It persists nothing (no RDB, no AOF), lives in a temporary directory removed on close and
 * never outlives metric: it runs as a {@link WatchedProcess}. {@link #close()} is idempotent, so
 * it can be called both normally and from a shutdown hook.
 */
public final class LocalRedisServer implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private final WatchedProcess process;
    private final ServerAddress address;
    private final RedisExecutable executable;
    private final ServerInfo info;

    private LocalRedisServer(WatchedProcess process, ServerAddress address, RedisExecutable executable,
                             ServerInfo info) {
        this.process = process;
        this.address = address;
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
        return WatchedProcess.onFreePort(port -> start(executable, port, arguments));
    }

    private static LocalRedisServer start(RedisExecutable executable, int port, List<String> arguments)
            throws IOException {
        Path directory = WatchedProcess.directory("redis");
        Path log = directory.resolve("redis.log");
        List<String> command = new ArrayList<>(List.of(executable.path().toString(),
                "--port", Integer.toString(port),
                "--bind", LOOPBACK,
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--dir", directory.toString(),
                "--logfile", log.toString()));
        command.addAll(arguments);
        WatchedProcess process = WatchedProcess.start("redis", directory, command);
        ServerAddress address = new ServerAddress(LOOPBACK, port);
        ServerInfo info = process.awaitReady("redis-server", port, log, () -> {
            try (ServerAdmin admin = ServerAdmin.connect(address, 0, Duration.ofMillis(200), Duration.ofSeconds(2))) {
                return admin.info();
            }
        });
        return new LocalRedisServer(process, address, executable, info);
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

    /** Stops the server and removes its directory; see {@link WatchedProcess#close()}. */
    @Override
    public void close() {
        process.close();
    }
}
