package dev.metric.client.lettuce;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.ReplyTiming;
import dev.metric.client.RespVersion;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.support.ConnectionPoolSupport;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.apache.commons.pool2.ObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

/**
 * Lettuce with either one shared, thread-safe connection or a pool of {@code poolSize}
 * connections borrowed per request, both opened before the first request. For a cluster each of
 * those is a cluster connection, which holds a connection to every master: the pool size is
 * then per node.
 *
 * @param <C> the kind of connection: to a server or to a cluster
 */
public final class LettuceKeyValueClient<C extends StatefulConnection<byte[], byte[]>> implements KeyValueClient {

    private final AbstractRedisClient client;
    private final C shared;
    private final GenericObjectPool<C> pool;
    private final BiFunction<C, ObjectPool<C>, Lease> leases;
    private final ClientDescription description;

    private LettuceKeyValueClient(AbstractRedisClient client, C shared, GenericObjectPool<C> pool,
                                  BiFunction<C, ObjectPool<C>, Lease> leases, String perNode, RespVersion resp) {
        this.client = client;
        this.shared = shared;
        this.pool = pool;
        this.leases = leases;
        String version = LibraryVersion.of("io.lettuce", "lettuce-core");
        this.description = shared != null
                ? new ClientDescription("lettuce", version, resp.name(), 1,
                        "one shared connection" + perNode + ", no pool", ReplyTiming.EACH_REPLY, true)
                : new ClientDescription("lettuce", version, resp.name(), pool.getMaxTotal(),
                        "commons-pool2 pool of " + pool.getMaxTotal()
                                + (pool.getMaxTotal() == 1 ? " connection" : " connections") + perNode,
                        ReplyTiming.EACH_REPLY, true);
    }

    /** Connects to one server: the shared connection, or every pooled connection. */
    public static LettuceKeyValueClient<StatefulRedisConnection<byte[], byte[]>> open(ClientSettings settings) {
        RedisClient client = RedisClient.create(LettuceSetup.uri(settings));
        ClientOptions.Builder options = ClientOptions.builder();
        LettuceSetup.configure(options, settings);
        client.setOptions(options.build());
        return connect(client, () -> client.connect(ByteArrayCodec.INSTANCE),
                (connection, pool) -> new LettuceLease<>(connection, connection.sync(), pool),
                settings, "");
    }

    /**
     * Connects to the cluster that the node {@code settings} name belongs to, with every master's
     * connection opened. The client re-reads the cluster's topology when it is redirected (MOVED,
     * ASK) or keeps failing to reconnect to a node, as after a failover.
     */
    public static LettuceKeyValueClient<StatefulRedisClusterConnection<byte[], byte[]>> openCluster(
            ClientSettings settings) {
        RedisClusterClient client = RedisClusterClient.create(LettuceSetup.uri(settings));
        ClusterClientOptions.Builder options = ClusterClientOptions.builder()
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enableAllAdaptiveRefreshTriggers()
                        .build());
        LettuceSetup.configure(options, settings);
        client.setOptions(options.build());
        return connect(client, () -> LettuceSetup.connectToEveryMaster(client),
                (connection, pool) -> new LettuceLease<>(connection, connection.sync(), pool),
                settings, " per node");
    }

    private static <C extends StatefulConnection<byte[], byte[]>> LettuceKeyValueClient<C> connect(
            AbstractRedisClient client, Supplier<C> connect, BiFunction<C, ObjectPool<C>, Lease> leases,
            ClientSettings settings, String perNode) {
        try {
            if (settings.sharedConnection()) {
                return new LettuceKeyValueClient<>(client, connect.get(), null, leases, perNode,
                        settings.resp());
            }
            GenericObjectPoolConfig<C> config = new GenericObjectPoolConfig<>();
            config.setMaxTotal(settings.poolSize());
            config.setMaxIdle(settings.poolSize());
            config.setMinIdle(settings.poolSize());
            config.setMaxWait(settings.commandTimeout());
            config.setJmxEnabled(false);
            GenericObjectPool<C> pool = ConnectionPoolSupport.createGenericObjectPool(connect, config, false);
            try {
                pool.preparePool();
            } catch (Exception e) {
                pool.close();
                throw e;
            }
            return new LettuceKeyValueClient<>(client, null, pool, leases, perNode, settings.resp());
        } catch (Exception e) {
            LettuceSetup.shutdown(client);
            throw LettuceSetup.connectionFailed(settings, e);
        }
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    /** Requests complete on Lettuce's I/O threads, after {@link Lease#flush()} has handed them over. */
    @Override
    public boolean asynchronous() {
        return true;
    }

    @Override
    public Lease lease() {
        if (shared != null) {
            return leases.apply(shared, null);
        }
        try {
            return leases.apply(pool.borrowObject(), pool);
        } catch (Exception e) {
            throw new ClientException("no connection from the Lettuce pool: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
        if (shared != null) {
            shared.close();
        }
        LettuceSetup.shutdown(client);
    }
}
