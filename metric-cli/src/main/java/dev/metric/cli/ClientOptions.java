package dev.metric.cli;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import picocli.CommandLine.Option;

/** Which client library drives the load, and its pool. */
final class ClientOptions {

    @Option(names = "--client", paramLabel = "LIB", defaultValue = "jedis",
            converter = ClientLibraryConverter.class,
            description = "Client library: jedis or lettuce (default: ${DEFAULT-VALUE}). Both speak RESP2, or RESP3"
                    + " with --resp 3.")
    ClientLibrary library;

    @Option(names = "--pool-size", paramLabel = "N",
            description = "Connections in the pool. Default for jedis: one per thread. Lettuce shares "
                    + "one connection among all threads unless this is given, as its documentation recommends.")
    Integer poolSize;

    /** The connection settings for {@code threads} client threads against {@code address}. */
    ClientSettings settings(ServerOptions server, ServerAddress address, int threads) {
        boolean poolPerThread = poolSize == null && library == ClientLibrary.JEDIS;
        return server.settings(address, poolSizeFor(threads), poolPerThread);
    }

    /** The pool size to use with {@code threads} client threads; 0 means Lettuce's shared connection. */
    private int poolSizeFor(int threads) {
        if (poolSize != null) {
            if (poolSize < 1) {
                throw new IllegalArgumentException("--pool-size must be at least 1, got " + poolSize);
            }
            return poolSize;
        }
        return library == ClientLibrary.JEDIS ? threads : 0;
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
