package dev.metric.client.jedis;

import dev.metric.client.ServerAccess;
import dev.metric.client.TlsContext;
import redis.clients.jedis.DefaultJedisClientConfig;

/** Puts a {@link ServerAccess} (user, password, TLS) into a Jedis client configuration. */
public final class JedisAccess {

    private JedisAccess() {
    }

    /** {@code builder} with {@code access}'s authentication and TLS. */
    public static DefaultJedisClientConfig.Builder apply(DefaultJedisClientConfig.Builder builder,
                                                         ServerAccess access) {
        if (access.password() != null) {
            builder.user(access.user()).password(access.password());
        }
        if (access.tls() != null) {
            TlsContext tls = TlsContext.of(access.tls());
            builder.ssl(true).sslSocketFactory(tls.socketFactory()).sslParameters(tls.parameters());
        }
        return builder;
    }
}
