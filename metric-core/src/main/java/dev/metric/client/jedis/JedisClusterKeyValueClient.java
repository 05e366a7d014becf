package dev.metric.client.jedis;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.ReplyTiming;
import dev.metric.client.RespVersion;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;

/**
 * Jedis's cluster client, {@link JedisCluster}: a pool of {@code poolSize} connections to every
 * master, all opened before the first request. It sends each command to the master of its key's
 * slot and follows MOVED and ASK, up to {@value #MAX_ATTEMPTS} attempts within the command
 * timeout. Pipelines are grouped by node by Jedis's {@code ClusterPipeline}.
 */
public final class JedisClusterKeyValueClient implements KeyValueClient {

    /** Jedis's own default number of tries of one command across redirections and reconnects. */
    static final int MAX_ATTEMPTS = 5;

    private final JedisCluster cluster;
    /** Reads the replies of a pipeline's nodes in parallel; without it every sync starts threads of its own. */
    private final ExecutorService pipelineReaders;
    private final Supplier<AbstractPipeline> pipelines;
    private final ClientDescription description;

    private JedisClusterKeyValueClient(JedisCluster cluster, ExecutorService pipelineReaders, int poolSize,
                                       RespVersion resp) {
        this.cluster = cluster;
        this.pipelineReaders = pipelineReaders;
        this.pipelines = () -> cluster.pipelined(pipelineReaders);
        this.description = new ClientDescription("jedis", LibraryVersion.of("redis.clients", "jedis"),
                resp.name(), poolSize, "JedisCluster, a pool of " + poolSize
                + (poolSize == 1 ? " connection" : " connections") + " per node", ReplyTiming.WHOLE_CALL, false);
    }

    /** Learns the cluster's slots from the node {@code settings} name and opens every node's pool. */
    public static JedisClusterKeyValueClient open(ClientSettings settings) {
        if (settings.sharedConnection()) {
            throw new IllegalArgumentException("jedis needs a pool of at least one connection");
        }
        JedisCluster cluster;
        try {
            cluster = new JedisCluster(Set.of(new HostAndPort(settings.address().host(), settings.address().port())),
                    JedisKeyValueClient.clientConfig(settings), MAX_ATTEMPTS, settings.commandTimeout(),
                    JedisKeyValueClient.<Connection>poolConfig(settings));
        } catch (RuntimeException e) {
            throw failed(settings, e);
        }
        try {
            for (ConnectionPool pool : cluster.getClusterNodes().values()) {
                pool.preparePool();
            }
        } catch (Exception e) {
            cluster.close();
            throw failed(settings, e);
        }
        ExecutorService readers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "metric-jedis-pipeline");
            thread.setDaemon(true);
            return thread;
        });
        return new JedisClusterKeyValueClient(cluster, readers, settings.poolSize(), settings.resp());
    }

    private static ConnectionFailedException failed(ClientSettings settings, Exception e) {
        return new ConnectionFailedException("cannot connect to the cluster at " + settings.address() + ": "
                + ClientException.describe(ClientException.rootCause(e)), e);
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    /** Blocking: a lease reads its replies inside {@link Lease#flush()}. */
    @Override
    public boolean asynchronous() {
        return false;
    }

    /** The shared, thread-safe cluster client: each command and pipeline borrows its connections itself. */
    @Override
    public Lease lease() {
        return new JedisClusterLease(cluster, pipelines);
    }

    @Override
    public void close() {
        cluster.close();
        pipelineReaders.shutdownNow();
    }
}
