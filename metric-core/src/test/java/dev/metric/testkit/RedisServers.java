package dev.metric.testkit;

import dev.metric.client.Sentinels;
import dev.metric.client.ServerAddress;
import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisSentinel;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerAdmin;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Servers and clusters a test starts itself, because it needs options, a port or a shape of its
 * own, or will kill them: each is stopped, newest first, when the scope that received this
 * object from {@link LocalRedisExtension} ends, whatever the test did to it.
 */
public final class RedisServers implements AutoCloseable {

    /** How long a replica may take to sync before the test kit gives up on it: a failure to start, not a figure. */
    private static final Duration SYNC_LIMIT = Duration.ofSeconds(30);
    private static final Duration CONNECT = Duration.ofSeconds(2);
    private static final Duration COMMAND = Duration.ofSeconds(10);

    private final Deque<Runnable> stops = new ArrayDeque<>();

    RedisServers() {
    }

    /** A server on a free loopback port with extra redis-server {@code options}. */
    public LocalRedisServer start(String... options) throws IOException {
        LocalRedisServer server = LocalRedisServer.startOnFreePort(List.of(options));
        kept(server::close);
        return server;
    }

    /**
     * A primary and its replicas.
     *
     * @param primary  the server the replicas follow
     * @param replicas each of them, synced
     */
    public record Replicated(LocalRedisServer primary, List<LocalRedisServer> replicas) {
    }

    /** A primary that starts a replica's sync at once, and {@code count} replicas of it, each synced. */
    public Replicated primaryWithReplicas(int count) throws IOException, InterruptedException {
        LocalRedisServer primary = start("--repl-diskless-sync-delay", "0");
        List<LocalRedisServer> replicas = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            replicas.add(replicaOf(primary));
        }
        return new Replicated(primary, List.copyOf(replicas));
    }

    /**
     * A replica of {@code primary} with extra redis-server {@code options}, returned once it has
     * synced: its link to the primary is up and the primary lists it as online.
     */
    public LocalRedisServer replicaOf(LocalRedisServer primary, String... options)
            throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("--replicaof", primary.address().host(),
                Integer.toString(primary.address().port())));
        arguments.addAll(List.of(options));
        LocalRedisServer replica = start(arguments.toArray(String[]::new));
        try (ServerAdmin theirs = ServerAdmin.connect(primary.address(), 0, CONNECT, COMMAND);
             ServerAdmin its = ServerAdmin.connect(replica.address(), 0, CONNECT, COMMAND)) {
            long deadline = System.nanoTime() + SYNC_LIMIT.toNanos();
            while (!its.replication().linkUp() || theirs.replication().replicas().stream()
                    .noneMatch(listed -> listed.address().port() == replica.address().port()
                            && "online".equals(listed.state()))) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("the replica at " + replica.address() + " did not sync with "
                            + primary.address() + " within " + SYNC_LIMIT.toSeconds() + " s");
                }
                Thread.sleep(10);
            }
        }
        return replica;
    }

    /**
     * {@code count} Sentinels watching {@code primary} as {@code master}, a majority of them needed
     * to agree that it failed, which they decide once it has not answered for {@code downAfter}.
     */
    public Sentinels sentinels(LocalRedisServer primary, String master, int count, Duration downAfter)
            throws IOException {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            LocalRedisSentinel sentinel = LocalRedisSentinel.start(primary.address(), master, count / 2 + 1,
                    downAfter);
            kept(sentinel::close);
            addresses.add(sentinel.address());
        }
        return new Sentinels(master, addresses);
    }

    /** A server on {@code port}: one restarted where its clients expect it. */
    public LocalRedisServer startOn(int port) throws IOException {
        LocalRedisServer server = LocalRedisServer.startOn(port);
        kept(server::close);
        return server;
    }

    /** A cluster of {@code masters} masters with {@code replicasPerMaster} replicas each. */
    public LocalRedisCluster cluster(int masters, int replicasPerMaster, Duration nodeTimeout) throws IOException {
        LocalRedisCluster cluster = LocalRedisCluster.start(masters, replicasPerMaster, nodeTimeout);
        kept(cluster::close);
        return cluster;
    }

    private synchronized void kept(Runnable stop) {
        stops.push(stop);
    }

    /** Stops what was started, newest first; stopping one already stopped does nothing. */
    @Override
    public synchronized void close() {
        while (!stops.isEmpty()) {
            stops.pop().run();
        }
    }
}
