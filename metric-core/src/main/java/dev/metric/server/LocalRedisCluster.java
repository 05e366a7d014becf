package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Redis Cluster of real redis-server processes on loopback ports, which metric starts and
 * stops again: {@code --embedded-cluster N} for trying metric on a cluster, and the cluster the
 * cluster tests run against. Each master serves an equal share of the slots; replicas, when
 * asked for, follow the masters in turn. Needs redis-server 7.0 or later (for
 * {@code cluster-port} and {@code CLUSTER ADDSLOTSRANGE}).
 */
public final class LocalRedisCluster implements AutoCloseable {

    private static final Duration FORMING_LIMIT = Duration.ofSeconds(30);
    private static final int ADMIN_TIMEOUT_MILLIS = 5000;

    private final List<LocalRedisServer> masters;
    private final List<LocalRedisServer> replicas;

    private LocalRedisCluster(List<LocalRedisServer> masters, List<LocalRedisServer> replicas) {
        this.masters = masters;
        this.replicas = replicas;
    }

    /**
     * Starts {@code masterCount} masters and {@code replicasPerMaster} replicas of each, joins them
     * into one cluster and waits until every node reports it ready.
     *
     * @param nodeTimeout how long a master may not answer before its replica takes over
     * @throws IOException when a server does not start or the cluster does not form in time
     */
    public static LocalRedisCluster start(int masterCount, int replicasPerMaster, Duration nodeTimeout)
            throws IOException {
        if (masterCount < 1 || masterCount > ClusterTopology.SLOTS || replicasPerMaster < 0) {
            throw new IllegalArgumentException("a cluster needs 1 to " + ClusterTopology.SLOTS
                    + " masters and no negative replica count, got " + masterCount + " and " + replicasPerMaster);
        }
        List<LocalRedisServer> masters = new ArrayList<>();
        List<LocalRedisServer> replicas = new ArrayList<>();
        LocalRedisCluster cluster = new LocalRedisCluster(masters, replicas);
        try {
            List<Integer> busPorts = new ArrayList<>();
            for (int i = 0; i < masterCount * (1 + replicasPerMaster); i++) {
                int busPort = LoopbackPorts.free();
                busPorts.add(busPort);
                (i < masterCount ? masters : replicas).add(LocalRedisServer.startOnFreePort(List.of(
                        "--cluster-enabled", "yes",
                        "--cluster-port", Integer.toString(busPort),
                        "--cluster-node-timeout", Long.toString(nodeTimeout.toMillis()),
                        "--cluster-config-file", "nodes.conf")));
            }
            cluster.form(busPorts);
            return cluster;
        } catch (JedisException e) {
            cluster.close();
            throw new IOException("the cluster did not form: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void form(List<Integer> busPorts) throws IOException {
        List<LocalRedisServer> nodes = nodes();
        try (Jedis first = connect(nodes.get(0))) {
            for (int i = 1; i < nodes.size(); i++) {
                ServerAddress node = nodes.get(i).address();
                first.sendCommand(Protocol.Command.CLUSTER, "MEET", node.host(), Integer.toString(node.port()),
                        Integer.toString(busPorts.get(i)));
            }
        }
        for (int i = 0; i < masters.size(); i++) {
            int from = ClusterTopology.SLOTS * i / masters.size();
            int to = ClusterTopology.SLOTS * (i + 1) / masters.size() - 1;
            try (Jedis master = connect(masters.get(i))) {
                master.sendCommand(Protocol.Command.CLUSTER, "ADDSLOTSRANGE", Integer.toString(from),
                        Integer.toString(to));
            }
        }
        long deadline = System.nanoTime() + FORMING_LIMIT.toNanos();
        for (int i = 0; i < replicas.size(); i++) {
            String masterId;
            try (Jedis master = connect(masters.get(i % masters.size()))) {
                masterId = master.clusterMyId();
            }
            try (Jedis replica = connect(replicas.get(i))) {
                // A replica can follow a master only once it has heard of it.
                awaitTrue(deadline, () -> replica.clusterNodes().contains(masterId),
                        "a replica to learn of its master");
                replica.clusterReplicate(masterId);
            }
        }
        for (LocalRedisServer node : nodes) {
            try (Jedis jedis = connect(node)) {
                awaitTrue(deadline, () -> jedis.clusterInfo().contains("cluster_state:ok")
                        && jedis.clusterNodes().lines().count() == nodes.size(),
                        "every node to see the cluster ready");
            }
        }
        for (LocalRedisServer replica : replicas) {
            try (Jedis jedis = connect(replica)) {
                awaitTrue(deadline, () -> jedis.info("replication").contains("master_link_status:up"),
                        "every replica to be in sync");
            }
        }
    }

    private interface Condition {
        boolean holds();
    }

    private static void awaitTrue(long deadline, Condition condition, String what) throws IOException {
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the cluster did not form: waited " + FORMING_LIMIT.toSeconds() + " s for "
                        + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the cluster was forming", e);
            }
        }
    }

    private static Jedis connect(LocalRedisServer server) {
        return new Jedis(new HostAndPort(server.address().host(), server.address().port()),
                DefaultJedisClientConfig.builder().timeoutMillis(ADMIN_TIMEOUT_MILLIS).build());
    }

    /** A node clients can start from: the first master. */
    public ServerAddress address() {
        return masters.get(0).address();
    }

    /** The masters, in the order of the slots they were given. */
    public List<LocalRedisServer> masters() {
        return List.copyOf(masters);
    }

    /** Every node, masters first. */
    public List<LocalRedisServer> nodes() {
        List<LocalRedisServer> nodes = new ArrayList<>(masters);
        nodes.addAll(replicas);
        return nodes;
    }

    /** The version of redis-server the nodes run. */
    public ServerInfo info() {
        return masters.get(0).info();
    }

    /** Stops every node; idempotent, like {@link LocalRedisServer#close()}. */
    @Override
    public void close() {
        nodes().forEach(LocalRedisServer::close);
    }
}
