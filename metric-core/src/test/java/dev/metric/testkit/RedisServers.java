package dev.metric.testkit;

import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisServer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Servers and clusters a test starts itself, because it needs options, a port or a shape of its
 * own, or will kill them: each is stopped, newest first, when the scope that received this
 * object from {@link LocalRedisExtension} ends, whatever the test did to it.
 */
public final class RedisServers implements AutoCloseable {

    private final Deque<Runnable> stops = new ArrayDeque<>();

    RedisServers() {
    }

    /** A server on a free loopback port with extra redis-server {@code options}. */
    public LocalRedisServer start(String... options) throws IOException {
        LocalRedisServer server = LocalRedisServer.startOnFreePort(List.of(options));
        kept(server::close);
        return server;
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
