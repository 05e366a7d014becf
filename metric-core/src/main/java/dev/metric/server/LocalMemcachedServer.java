package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real memcached process that metric starts on a loopback port and stops again: the embedded
 * default of {@code --protocol memcached} when no server answers, and the server the memcached
 * integration tests run against. Like {@link LocalRedisServer} it never outlives metric: it runs
 * as a {@link WatchedProcess}.
 *
 * <p>memcached has no build packaged in metric's jar: it is the {@code memcached} on PATH
 * (Debian's package of that name).
 */
public final class LocalMemcachedServer implements AutoCloseable {

    /** memcached's own default for {@code -t}: its worker threads. */
    public static final int DEFAULT_THREADS = 4;

    private static final String NAME = "memcached";
    private static final String LOOPBACK = "127.0.0.1";

    private final WatchedProcess process;
    private final ServerAddress address;
    private final Path executable;
    private final ServerInfo info;

    private LocalMemcachedServer(WatchedProcess process, ServerAddress address, Path executable, ServerInfo info) {
        this.process = process;
        this.address = address;
        this.executable = executable;
        this.info = info;
    }

    /** Starts a server with memcached's default threads on a free loopback port. */
    public static LocalMemcachedServer startOnFreePort() throws IOException {
        return startOnFreePort(DEFAULT_THREADS, List.of());
    }

    /**
     * Starts a server with {@code threads} worker threads ({@code -t}), configured further by
     * {@code arguments} (memcached options such as {@code -I 2m} or {@code -m 64}), on a free
     * loopback port, and waits until it answers {@code version}.
     *
     * @throws IOException when there is no memcached on PATH or it does not come up
     */
    public static LocalMemcachedServer startOnFreePort(int threads, List<String> arguments) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("memcached needs at least 1 thread, got " + threads);
        }
        Path executable = locate(System.getenv("PATH"));
        return WatchedProcess.onFreePort(port -> start(executable, port, threads, arguments));
    }

    /** Whether there is a memcached on PATH to start. */
    public static boolean available() {
        try {
            locate(System.getenv("PATH"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The memcached in the directories of {@code searchPath}. */
    static Path locate(String searchPath) throws IOException {
        return WatchedProcess.onPath(NAME, searchPath).orElseThrow(() -> new IOException("no " + NAME
                + " on PATH: install it (Debian: apt-get install -y memcached)"));
    }

    private static LocalMemcachedServer start(Path executable, int port, int threads, List<String> arguments)
            throws IOException {
        Path directory = WatchedProcess.directory(NAME);
        List<String> command = new ArrayList<>(List.of(executable.toString(),
                "-p", Integer.toString(port),
                "-l", LOOPBACK,
                "-U", "0",
                "-t", Integer.toString(threads),
                // Only read when memcached runs as root, which it refuses to do without being told whom to run as.
                "-u", System.getProperty("user.name")));
        command.addAll(arguments);
        WatchedProcess process = WatchedProcess.start(NAME, directory, command);
        ServerAddress address = new ServerAddress(LOOPBACK, port);
        ServerInfo info = process.awaitReady(NAME, port, null, () -> {
            try (MemcachedAdmin admin = MemcachedAdmin.connect(address, Duration.ofMillis(200),
                    Duration.ofSeconds(2))) {
                return admin.info();
            }
        });
        return new LocalMemcachedServer(process, address, executable, info);
    }

    public ServerAddress address() {
        return address;
    }

    /** Where the executable was found, for the notice that says which server was started. */
    public String origin() {
        return NAME + " on PATH (" + executable + ")";
    }

    /** {@code stats} as read when the server came up. */
    public ServerInfo info() {
        return info;
    }

    /** Stops the server and removes its directory; see {@link WatchedProcess#close()}. */
    @Override
    public void close() {
        process.close();
    }
}
