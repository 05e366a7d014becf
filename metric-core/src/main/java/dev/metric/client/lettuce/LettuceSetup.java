package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.RespVersion;
import dev.metric.client.Sentinels;
import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.client.TlsContext;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisStringAsyncCommands;
import io.lettuce.core.api.sync.RedisStringCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.ProtocolVersion;
import java.util.concurrent.TimeUnit;

/** How both Lettuce clients reach the server: its URI, the options every connection shares, and shutting down. */
final class LettuceSetup {

    private LettuceSetup() {
    }

    /** A cluster connection with a connection to every master open, so that no request pays for a connect. */
    static StatefulRedisClusterConnection<byte[], byte[]> connectToEveryMaster(RedisClusterClient client) {
        StatefulRedisClusterConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE);
        for (RedisClusterNode node : connection.getPartitions()) {
            if (node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.is(RedisClusterNode.NodeFlag.FAIL)
                    && !node.is(RedisClusterNode.NodeFlag.EVENTUAL_FAIL)) {
                // Opened under the key the slot routing looks up, so that requests find it open.
                connection.getConnection(node.getUri().getHost(), node.getUri().getPort());
            }
        }
        return connection;
    }

    /** The server, database, command timeout, credentials and TLS of {@code settings}. */
    static RedisURI uri(ClientSettings settings) {
        ServerAccess access = settings.access();
        RedisURI.Builder uri = server(settings)
                .withDatabase(settings.database())
                .withTimeout(settings.commandTimeout());
        if (access.password() != null) {
            uri.withAuthentication(access.user() == null ? "default" : access.user(), access.password());
        }
        if (access.tls() != null) {
            uri.withSsl(true).withVerifyPeer(access.tls().insecure() ? SslVerifyMode.NONE : SslVerifyMode.FULL);
        }
        return uri.build();
    }

    /**
     * The server at the settings' address, or the Sentinels that name the primary: Lettuce then asks
     * them on every connect, the first and each one after a failover broke a connection.
     */
    private static RedisURI.Builder server(ClientSettings settings) {
        Sentinels sentinels = settings.sentinels();
        if (sentinels == null) {
            return RedisURI.builder().withHost(settings.address().host()).withPort(settings.address().port());
        }
        ServerAddress first = sentinels.addresses().get(0);
        RedisURI.Builder uri = RedisURI.Builder.sentinel(first.host(), first.port(), sentinels.master());
        for (ServerAddress sentinel : sentinels.addresses().subList(1, sentinels.addresses().size())) {
            uri.withSentinel(sentinel.host(), sentinel.port());
        }
        return uri;
    }

    /** What a client that could not open its connections throws: the server or cluster it tried, and why. */
    static ConnectionFailedException connectionFailed(ClientSettings settings, Exception cause) {
        String target = settings.cluster() ? "the cluster at " + settings.address()
                : settings.sentinels() != null ? settings.sentinels().toString() : settings.address().toString();
        return new ConnectionFailedException("cannot connect to " + target + ": "
                + ClientException.describe(ClientException.rootCause(cause)), cause);
    }

    /** TLS, the protocol version, the connect timeout and Lettuce's command timeout. */
    static void configure(ClientOptions.Builder options, ClientSettings settings) {
        if (settings.access().tls() != null) {
            TlsContext tls = TlsContext.of(settings.access().tls());
            options.sslOptions(SslOptions.builder().jdkSslProvider().sslContext(tls::configure)
                    .sslParameters(tls::parameters).build());
        }
        options.protocolVersion(settings.resp() == RespVersion.RESP3 ? ProtocolVersion.RESP3
                : ProtocolVersion.RESP2);
        options.socketOptions(SocketOptions.builder().connectTimeout(settings.connectTimeout()).build());
        // Every command, also those dispatched directly, fails after the command timeout instead
        // of waiting for a reply that a stalled or dead server never sends.
        options.timeoutOptions(TimeoutOptions.enabled());
    }

    /** The blocking string commands of a connection to a server or to a cluster. */
    @SuppressWarnings("unchecked")
    static RedisStringCommands<byte[], byte[]> sync(StatefulConnection<byte[], byte[]> connection) {
        return connection instanceof StatefulRedisClusterConnection<?, ?> cluster
                ? ((StatefulRedisClusterConnection<byte[], byte[]>) cluster).sync()
                : ((StatefulRedisConnection<byte[], byte[]>) connection).sync();
    }

    /** The asynchronous string commands of a connection to a server or to a cluster. */
    @SuppressWarnings("unchecked")
    static RedisStringAsyncCommands<byte[], byte[]> async(StatefulConnection<byte[], byte[]> connection) {
        return connection instanceof StatefulRedisClusterConnection<?, ?> cluster
                ? ((StatefulRedisClusterConnection<byte[], byte[]>) cluster).async()
                : ((StatefulRedisConnection<byte[], byte[]>) connection).async();
    }

    /** Shuts the client down without Lettuce's default quiet period, which keeps the JVM alive for two seconds. */
    static void shutdown(AbstractRedisClient client) {
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
