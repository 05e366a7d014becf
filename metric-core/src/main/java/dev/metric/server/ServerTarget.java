package dev.metric.server;

import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.settings.Setting;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The server a run goes to: the one the user named, the one answering on the default loopback
 * address, or, when nothing answers there, a local redis-server (or memcached) started for the run;
 * or a local server or cluster started for the run whatever answers ({@code --embedded},
 * {@code --embedded-cluster}).
 */
public final class ServerTarget implements AutoCloseable {

    /** Where metric looks for a server when the user names no host. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** A local cluster's masters fail over within a second or two of going silent. */
    private static final Duration LOCAL_CLUSTER_NODE_TIMEOUT = Duration.ofSeconds(1);

    private final ServerAddress address;
    private final AutoCloseable embedded;

    private ServerTarget(ServerAddress address, AutoCloseable embedded) {
        this.address = address;
        this.embedded = embedded;
    }

    /**
     * Decides where the run goes.
     *
     * @param host            the host the user named, or null for the default loopback address
     * @param port            the port the user named (or the default)
     * @param access          credentials and TLS for the probe of the default address; a local
     *                        server is started only when there are none
     * @param embeddedAllowed whether a local server may be started when nothing answers
     * @param connectTimeout  limit for the probe of the default address
     * @param notices         where to say that a local server was started, and which
     * @throws ServerUnreachableException when no server can be had
     */
    public static ServerTarget resolve(String host, int port, ServerAccess access, boolean embeddedAllowed,
                                       Duration connectTimeout, Consumer<String> notices) {
        return resolve(host, port, embeddedAllowed,
                address -> ServerAdmin.connect(address, access, 0, connectTimeout, connectTimeout).close(),
                access.plain() ? null : "a local server is started only for runs without credentials and TLS",
                ServerTarget::startRedis, notices);
    }

    /**
     * Starts a local redis-server on a free port for the run, whatever answers elsewhere.
     *
     * @param notices where to say that it was started, and where
     * @throws ServerUnreachableException when it cannot be started
     */
    public static ServerTarget startLocal(Consumer<String> notices) {
        return started(ServerTarget::startRedis, "", notices);
    }

    /**
     * Starts a local memcached of {@code threads} worker threads on a free port for the run,
     * whatever answers elsewhere.
     *
     * @throws ServerUnreachableException when it cannot be started
     */
    public static ServerTarget startLocalMemcached(int threads, Consumer<String> notices) {
        return started(() -> startMemcached(threads), "", notices);
    }

    private static Started startRedis() throws IOException {
        LocalRedisServer server = LocalRedisServer.startOnFreePort();
        return new Started(server.address(), server, server.info().name() + " " + server.info().version()
                + " from " + server.executable().origin());
    }

    private static Started startMemcached(int threads) throws IOException {
        LocalMemcachedServer server = LocalMemcachedServer.startOnFreePort(threads, List.of());
        return new Started(server.address(), server, "memcached " + server.info().version() + " (-t " + threads
                + ") from " + server.origin());
    }

    /**
     * Decides where a memcached run goes, as {@link #resolve(String, int, ServerAccess, boolean, Duration,
     * Consumer)} does for Redis: the host named, else the memcached on the default loopback address, else
     * one started for the run with {@code threads} worker threads.
     *
     * @throws ServerUnreachableException when no server can be had
     */
    public static ServerTarget resolveMemcached(String host, int port, boolean embeddedAllowed, int threads,
                                                Duration connectTimeout, Consumer<String> notices) {
        return resolve(host, port, embeddedAllowed,
                address -> MemcachedAdmin.connect(address, connectTimeout, connectTimeout).close(), null,
                () -> startMemcached(threads), notices);
    }

    /** Checks that a server answers at an address, or throws why not. */
    private interface Probe {
        void check(ServerAddress address);
    }

    /** Starts a local server. */
    private interface Start {
        Started start() throws IOException;
    }

    /** A server metric started: where it listens, what stops it, and what the notice calls it. */
    private record Started(ServerAddress address, AutoCloseable server, String description) {
    }

    /**
     * The host named; else the default address when {@code probe} finds a server there; else,
     * where nothing listens there and neither {@code embeddedAllowed} is false nor
     * {@code noLocalServer} (a reason, or null) forbids it, a server {@code start} starts.
     */
    private static ServerTarget resolve(String host, int port, boolean embeddedAllowed, Probe probe,
                                        String noLocalServer, Start start, Consumer<String> notices) {
        if (host != null) {
            return at(new ServerAddress(host, port));
        }
        ServerAddress address = new ServerAddress(DEFAULT_HOST, port);
        try {
            probe.check(address);
            return new ServerTarget(address, null);
        } catch (ServerUnreachableException e) {
            if (!e.refused()) {
                throw e;
            }
            if (!embeddedAllowed) {
                throw new ServerUnreachableException(e.settingMessage().followedBy(
                        "; not starting a local server because ", Setting.NO_EMBEDDED, " was given"), true, e);
            }
            if (noLocalServer != null) {
                throw new ServerUnreachableException(e.settingMessage().followedBy("; " + noLocalServer), true, e);
            }
        }
        return started(start, "no server answers on " + address + ": ", notices);
    }

    /** Starts a local server, saying so after {@code why}. */
    private static ServerTarget started(Start start, String why, Consumer<String> notices) {
        try {
            Started server = start.start();
            notices.accept(why + "started " + server.description() + " on " + server.address()
                    + "; it is stopped when metric exits");
            return new ServerTarget(server.address(), server.server());
        } catch (IOException e) {
            throw new ServerUnreachableException(why + "a local server could not be started: " + e.getMessage(),
                    true, e);
        }
    }

    /** The server at {@code address}, as named: metric starts nothing in its place. */
    public static ServerTarget at(ServerAddress address) {
        return new ServerTarget(address, null);
    }

    /**
     * Starts a local cluster of {@code masters} masters (no replicas) and targets its first node.
     *
     * @param notices where to say that it was started, and where
     * @throws ServerUnreachableException when it cannot be started
     */
    public static ServerTarget startCluster(int masters, Consumer<String> notices) {
        try {
            LocalRedisCluster cluster = LocalRedisCluster.start(masters, 0, LOCAL_CLUSTER_NODE_TIMEOUT);
            notices.accept("started a cluster of " + masters + (masters == 1 ? " master" : " masters") + ", "
                    + cluster.info().name() + " " + cluster.info().version() + ", on " + cluster.masters().stream()
                    .map(server -> server.address().toString()).collect(Collectors.joining(", "))
                    + "; it is stopped when metric exits");
            return new ServerTarget(cluster.address(), cluster);
        } catch (IOException e) {
            throw new ServerUnreachableException("a local cluster could not be started: " + e.getMessage(), false, e);
        }
    }

    public ServerAddress address() {
        return address;
    }

    /** Whether metric started the server (or cluster) for this run. */
    public boolean embedded() {
        return embedded != null;
    }

    /** Stops the local server or cluster, if one was started. */
    @Override
    public void close() {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (Exception e) {
                // LocalRedisServer and LocalRedisCluster stop without throwing; nothing else is held.
            }
        }
    }
}
