package dev.metric.cli.option;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.ServerAddress;
import picocli.CommandLine.Option;

/** Which client library drives the load, and its pool. */
public final class ClientOptions {

    @Option(names = "--client", paramLabel = "LIB", defaultValue = "jedis",
            converter = ClientLibraryConverter.class,
            description = "Client library: jedis or lettuce (default: ${DEFAULT-VALUE}). Both speak RESP2, or RESP3"
                    + " with --resp 3.")
    public ClientLibrary library;

    @Option(names = "--pool-size", paramLabel = "N",
            description = "Connections in the pool application threads borrow from (--engine threads). Default for"
                    + " jedis: one per connection asked for. Lettuce shares one connection among all threads unless"
                    + " this is given, as its documentation recommends.")
    Integer poolSize;

    @Option(names = "--engine", paramLabel = "KIND", converter = EngineConverter.class,
            description = "What drives the connections. loop: each thread is an event loop of metric's that sends on"
                    + " its connections from their replies and from its timers, nothing handed between threads per"
                    + " request (lettuce only). threads: a thread per connection calling the client as an"
                    + " application thread does, its pool included. Default: loop for lettuce unless --pool-size is"
                    + " given, threads for jedis.")
    public EngineKind engine; // null: the library's default, chosen where the run is configured

    @Option(names = "--connections", paramLabel = "N", defaultValue = "1",
            description = "Connections each thread drives, each with its own --inflight requests in flight"
                    + " (memtier_benchmark's --clients). With --engine threads, each has a thread of its own"
                    + " (default: ${DEFAULT-VALUE}).")
    public int connections;

    /** The connection settings for {@code threads} client threads, each of its connections, against {@code address}. */
    public ClientSettings settings(ServerOptions server, ServerAddress address, int threads) {
        boolean poolPerThread = poolSize == null && library == ClientLibrary.JEDIS;
        return server.settings(address, poolSizeFor(threads * connections), poolPerThread);
    }

    /** The pool size to use with {@code lanes} connections asked for; 0 means Lettuce's shared connection. */
    private int poolSizeFor(int lanes) {
        if (poolSize != null) {
            if (poolSize < 1) {
                throw new IllegalArgumentException("--pool-size must be at least 1, got " + poolSize);
            }
            return poolSize;
        }
        return library == ClientLibrary.JEDIS ? lanes : 0;
    }

    /** Accepts the engine names in any case and lists them when the name is unknown. */
    static final class EngineConverter implements picocli.CommandLine.ITypeConverter<EngineKind> {
        @Override
        public EngineKind convert(String value) {
            for (EngineKind kind : EngineKind.values()) {
                if (kind.displayName().equalsIgnoreCase(value)) {
                    return kind;
                }
            }
            throw new picocli.CommandLine.TypeConversionException(
                    "unknown engine '" + value + "', expected loop or threads");
        }
    }

    /** Accepts the library names in any case and lists them when the name is unknown. */
    static final class ClientLibraryConverter implements picocli.CommandLine.ITypeConverter<ClientLibrary> {
        @Override
        public ClientLibrary convert(String value) {
            for (ClientLibrary library : ClientLibrary.values()) {
                if (library.displayName().equalsIgnoreCase(value)) {
                    return library;
                }
            }
            throw new picocli.CommandLine.TypeConversionException(
                    "unknown client '" + value + "', expected jedis or lettuce");
        }
    }
}
