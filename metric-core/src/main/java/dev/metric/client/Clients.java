package dev.metric.client;

import dev.metric.client.jedis.JedisClusterKeyValueClient;
import dev.metric.client.jedis.JedisKeyValueClient;
import dev.metric.client.jedis.JedisWireCodec;
import dev.metric.client.lettuce.LettuceKeyValueClient;
import dev.metric.client.lettuce.LettuceWireCodec;

/** Opens the binding for a library, or its wire codec alone. */
public final class Clients {

    private Clients() {
    }

    /**
     * Opens {@code library}'s binding with its connections established, so that the first
     * measured request does not pay for a connect.
     *
     * @throws ConnectionFailedException when the server cannot be reached
     */
    public static KeyValueClient open(ClientLibrary library, ClientSettings settings) {
        if (settings.cluster()) {
            return switch (library) {
                case JEDIS -> JedisClusterKeyValueClient.open(settings);
                case LETTUCE -> LettuceKeyValueClient.openCluster(settings);
            };
        }
        return switch (library) {
            case JEDIS -> JedisKeyValueClient.open(settings);
            case LETTUCE -> LettuceKeyValueClient.open(settings);
        };
    }

    /** {@code library}'s encoder and parser on their own, for measuring what they cost. */
    public static WireCodec wireCodec(ClientLibrary library) {
        return switch (library) {
            case JEDIS -> new JedisWireCodec();
            case LETTUCE -> new LettuceWireCodec();
        };
    }
}
