package dev.metric.client.lettuce;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.ServerAccess;
import dev.metric.client.TlsContext;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.support.ConnectionPoolSupport;
import java.util.concurrent.TimeUnit;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

/**
 * Lettuce with either one shared, thread-safe connection or a pool of {@code poolSize}
 * connections borrowed per request, both opened before the first request.
 */
public final class LettuceKeyValueClient implements KeyValueClient {

    static final String PROTOCOL = "RESP2";

    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> shared;
    private final GenericObjectPool<StatefulRedisConnection<byte[], byte[]>> pool;
    private final ClientDescription description;

    private LettuceKeyValueClient(RedisClient client,
                                  StatefulRedisConnection<byte[], byte[]> shared,
                                  GenericObjectPool<StatefulRedisConnection<byte[], byte[]>> pool) {
        this.client = client;
        this.shared = shared;
        this.pool = pool;
        String version = LibraryVersion.of("io.lettuce", "lettuce-core");
        this.description = shared != null
                ? new ClientDescription("lettuce", version, PROTOCOL, 1, "one shared connection, no pool")
                : new ClientDescription("lettuce", version, PROTOCOL, pool.getMaxTotal(),
                        "commons-pool2 pool of " + pool.getMaxTotal()
                                + (pool.getMaxTotal() == 1 ? " connection" : " connections"));
    }

    /** Connects: the shared connection, or every pooled connection. */
    public static LettuceKeyValueClient open(ClientSettings settings) {
        ServerAccess access = settings.access();
        RedisURI.Builder uri = RedisURI.builder()
                .withHost(settings.address().host())
                .withPort(settings.address().port())
                .withDatabase(settings.database())
                .withTimeout(settings.commandTimeout());
        if (access.password() != null) {
            uri.withAuthentication(access.user() == null ? "default" : access.user(), access.password());
        }
        ClientOptions.Builder options = ClientOptions.builder();
        if (access.tls() != null) {
            TlsContext tls = TlsContext.of(access.tls());
            uri.withSsl(true).withVerifyPeer(tls.insecure() ? SslVerifyMode.NONE : SslVerifyMode.FULL);
            SslOptions.Builder ssl = SslOptions.builder().jdkSslProvider().trustManager(tls.trustManagers());
            if (tls.keyManagers() != null) {
                ssl.keyManager(tls.keyManagers());
            }
            options.sslOptions(ssl.build());
        }
        RedisClient client = RedisClient.create(uri.build());
        client.setOptions(options
                .protocolVersion(ProtocolVersion.RESP2)
                .socketOptions(SocketOptions.builder().connectTimeout(settings.connectTimeout()).build())
                // Every command, also those dispatched directly, fails after the command timeout
                // instead of waiting for a reply that a stalled or dead server never sends.
                .timeoutOptions(TimeoutOptions.enabled())
                .build());
        try {
            if (settings.sharedConnection()) {
                return new LettuceKeyValueClient(client, client.connect(ByteArrayCodec.INSTANCE), null);
            }
            GenericObjectPoolConfig<StatefulRedisConnection<byte[], byte[]>> config = new GenericObjectPoolConfig<>();
            config.setMaxTotal(settings.poolSize());
            config.setMaxIdle(settings.poolSize());
            config.setMinIdle(settings.poolSize());
            config.setMaxWait(settings.commandTimeout());
            config.setJmxEnabled(false);
            GenericObjectPool<StatefulRedisConnection<byte[], byte[]>> pool =
                    ConnectionPoolSupport.createGenericObjectPool(
                            () -> client.connect(ByteArrayCodec.INSTANCE), config, false);
            try {
                pool.preparePool();
            } catch (Exception e) {
                pool.close();
                throw e;
            }
            return new LettuceKeyValueClient(client, null, pool);
        } catch (Exception e) {
            shutdown(client);
            throw new ConnectionFailedException("cannot connect to " + settings.address() + ": "
                    + ClientException.describe(ClientException.rootCause(e)), e);
        }
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    @Override
    public Lease lease() {
        if (shared != null) {
            return new LettuceLease(shared, null);
        }
        try {
            return new LettuceLease(pool.borrowObject(), pool);
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
        shutdown(client);
    }

    private static void shutdown(RedisClient client) {
        // Lettuce's default quiet period keeps the JVM alive for two seconds after a run.
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
