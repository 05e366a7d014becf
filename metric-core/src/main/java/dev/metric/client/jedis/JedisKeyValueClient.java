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
import dev.metric.client.Sentinels;
import dev.metric.client.ServerAddress;
import java.util.function.Supplier;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Jedis behind a {@link JedisPool} of exactly {@code poolSize} connections, all opened before
 * the first request, borrowed for each request as a threaded application would. The pool's
 * connections are Jedis's own with one addition ({@link WireConnection}) that lets each reply be
 * stamped as it is read.
 */
public final class JedisKeyValueClient implements KeyValueClient {

    private final JedisPool pool;
    private final ClientDescription description;

    private JedisKeyValueClient(JedisPool pool, int poolSize, RespVersion resp) {
        this.pool = pool;
        this.description = new ClientDescription("jedis",
                LibraryVersion.of("redis.clients", "jedis"), resp.name(), poolSize,
                "JedisPool of " + poolSize + (poolSize == 1 ? " connection" : " connections"), ReplyTiming.EACH_REPLY,
                false);
    }

    /** Opens the pool and all its connections. */
    public static JedisKeyValueClient open(ClientSettings settings) {
        if (settings.sharedConnection()) {
            throw new IllegalArgumentException("jedis needs a pool of at least one connection");
        }
        JedisPool pool = new JedisPool(JedisKeyValueClient.<Jedis>poolConfig(settings),
                new WireJedisFactory(addresses(settings), clientConfig(settings)));
        try {
            pool.preparePool();
        } catch (Exception e) {
            pool.close();
            throw new ConnectionFailedException("cannot connect to " + settings.address() + ": "
                    + ClientException.describe(ClientException.rootCause(e)), e);
        }
        return new JedisKeyValueClient(pool, settings.poolSize(), settings.resp());
    }

    /** Where each new connection goes: the server, or the primary that the Sentinels name at the time. */
    private static Supplier<HostAndPort> addresses(ClientSettings settings) {
        Sentinels sentinels = settings.sentinels();
        if (sentinels == null) {
            HostAndPort server = new HostAndPort(settings.address().host(), settings.address().port());
            return () -> server;
        }
        return () -> {
            ServerAddress primary = SentinelLookup.primary(sentinels, settings.connectTimeout());
            return new HostAndPort(primary.host(), primary.port());
        };
    }

    /** A pool of exactly {@code poolSize} connections, waiting up to the command timeout for one. */
    static <T> GenericObjectPoolConfig<T> poolConfig(ClientSettings settings) {
        GenericObjectPoolConfig<T> poolConfig = new GenericObjectPoolConfig<>();
        poolConfig.setMaxTotal(settings.poolSize());
        poolConfig.setMaxIdle(settings.poolSize());
        poolConfig.setMinIdle(settings.poolSize());
        poolConfig.setBlockWhenExhausted(true);
        poolConfig.setMaxWait(settings.commandTimeout());
        poolConfig.setJmxEnabled(false);
        // No test-on-borrow: a PING per borrow would double the round trips being measured.
        poolConfig.setTestOnBorrow(false);
        poolConfig.setTestWhileIdle(false);
        return poolConfig;
    }

    /** The run's protocol version, timeouts, database, credentials and TLS. */
    static DefaultJedisClientConfig clientConfig(ClientSettings settings) {
        return JedisAccess.apply(DefaultJedisClientConfig.builder()
                .protocol(settings.resp() == RespVersion.RESP3 ? RedisProtocol.RESP3 : RedisProtocol.RESP2)
                .connectionTimeoutMillis(Math.toIntExact(settings.connectTimeout().toMillis()))
                .socketTimeoutMillis(Math.toIntExact(settings.commandTimeout().toMillis()))
                .database(settings.database())
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED), settings.access())
                .build();
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

    @Override
    public Lease lease() {
        try {
            return new JedisLease(pool.getResource());
        } catch (JedisException e) {
            throw new ClientException("no connection from JedisPool: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
