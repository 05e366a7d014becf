package dev.metric.jmh.support;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import java.util.Locale;

/**
 * A library and its pooling as one JMH parameter, {@code jedis:8} or {@code lettuce:shared},
 * because not every library has every pool size (Jedis cannot share one connection).
 *
 * @param library  the client library
 * @param poolSize connections in its pool, 0 for Lettuce's one shared connection
 */
public record ClientChoice(ClientLibrary library, int poolSize) {

    private static final String SHARED = "shared";

    /** Parses {@code <library>:<pool size>|shared}. */
    public static ClientChoice parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("expected <library>:<pool size>|shared, got " + text);
        }
        ClientLibrary library = ClientLibrary.valueOf(text.substring(0, colon).toUpperCase(Locale.ROOT));
        String pool = text.substring(colon + 1);
        return new ClientChoice(library, pool.equals(SHARED) ? 0 : Integer.parseInt(pool));
    }

    /** Settings for a client of this choice against {@code address}. */
    public ClientSettings settings(ServerAddress address) {
        return new ClientSettings(address, 0, poolSize, ClientSettings.DEFAULT_CONNECT_TIMEOUT,
                ClientSettings.DEFAULT_COMMAND_TIMEOUT);
    }
}
