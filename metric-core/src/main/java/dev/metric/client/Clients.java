package dev.metric.client;

import dev.metric.client.folsom.FolsomKeyValueClient;
import dev.metric.client.folsom.FolsomLoopClient;
import dev.metric.client.jedis.JedisClusterKeyValueClient;
import dev.metric.client.jedis.JedisKeyValueClient;
import dev.metric.client.jedis.JedisWireCodec;
import dev.metric.client.lettuce.LettuceKeyValueClient;
import dev.metric.client.lettuce.LettuceLoopClient;
import dev.metric.client.lettuce.LettuceWireCodec;
import dev.metric.client.resp.RespLoopClient;
import dev.metric.client.resp.RespWireCodec;

/** Opens the binding for a library, or its wire codec alone. */
public final class Clients {

    private Clients() {
    }

    /**
     * Opens {@code library}'s binding with its connections established, so that the first
     * measured request does not pay for a connect. metric's own RESP client, which has no pool for
     * threads, opens one event loop whose one connection every caller shares ({@link KeyValueClient#lease()}).
     *
     * @throws ConnectionFailedException when the server cannot be reached
     */
    public static KeyValueClient open(ClientLibrary library, ClientSettings settings) {
        if (library.protocol() != settings.protocol()) {
            throw new IllegalArgumentException(library + " speaks " + library.protocol() + ", not "
                    + settings.protocol());
        }
        if (settings.cluster()) {
            return switch (library) {
                case JEDIS -> JedisClusterKeyValueClient.open(settings);
                case LETTUCE -> LettuceKeyValueClient.openCluster(settings);
                case FOLSOM -> throw new IllegalArgumentException("memcached has no cluster");
                case RESP -> RespLoopClient.open(settings, 1, 0);
            };
        }
        return switch (library) {
            case JEDIS -> JedisKeyValueClient.open(settings);
            case LETTUCE -> LettuceKeyValueClient.open(settings);
            case FOLSOM -> FolsomKeyValueClient.open(settings);
            case RESP -> RespLoopClient.open(settings, 1, 0);
        };
    }

    /**
     * Opens {@code library}'s binding for lanes run by {@code engine}: as {@link #open(ClientLibrary,
     * ClientSettings)} for a thread per lane, or on {@code threads} event loops of metric's with
     * {@code connectionsPerThread} connections open on each, each keeping up to {@code window} requests
     * outstanding (a binding that batches its writes writes at once when that is one).
     *
     * @throws ConnectionFailedException when the server cannot be reached
     * @throws IllegalArgumentException  for event loops and a library that blocks
     */
    public static KeyValueClient open(ClientLibrary library, ClientSettings settings, EngineKind engine, int threads,
                                      int connectionsPerThread, int window) {
        if (engine == EngineKind.THREADS) {
            return open(library, settings);
        }
        return switch (library) {
            case LETTUCE -> LettuceLoopClient.open(settings, threads, connectionsPerThread);
            case FOLSOM -> FolsomLoopClient.open(settings, threads, connectionsPerThread, window);
            case RESP -> RespLoopClient.open(settings, threads, connectionsPerThread);
            case JEDIS -> throw new IllegalArgumentException(library
                    + " blocks for each reply: it has no event loop to run on");
        };
    }

    /**
     * {@code library}'s encoder and parser on their own, for measuring what they cost: a RESP
     * library's.
     *
     * @throws IllegalArgumentException for folsom, whose codec is not reachable apart from its connections
     */
    public static WireCodec wireCodec(ClientLibrary library) {
        return switch (library) {
            case JEDIS -> new JedisWireCodec();
            case LETTUCE -> new LettuceWireCodec();
            case RESP -> new RespWireCodec();
            case FOLSOM -> throw new IllegalArgumentException("folsom's codec is not reachable apart from its"
                    + " connections: no client cost is measured for memcached");
        };
    }
}
