package dev.metric.cli.option;

import dev.metric.cli.convert.EnumNames;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import picocli.CommandLine.Option;

/** Which client library drives the load, and its pool. */
public final class ClientOptions {

    @Option(names = "--client", paramLabel = "LIB", converter = ClientLibraryConverter.class,
            description = "Client library: jedis or lettuce (default: jedis), both speaking RESP2, or RESP3 with"
                    + " --resp 3; resp, metric's own RESP client on its event loops (--engine loop, one server, what"
                    + " metric memtier uses); folsom, the one for --protocol memcached (its default).")
    ClientLibrary library; // null: the protocol's default

    @Option(names = "--pool-size", paramLabel = "N",
            description = "Connections in the pool application threads borrow from (--engine threads); folsom's"
                    + " connections, which every thread sends on in turn. Default for jedis and folsom: one per"
                    + " connection asked for. Lettuce shares one connection among all threads unless this is given,"
                    + " as its documentation recommends.")
    Integer poolSize;

    @Option(names = "--engine", paramLabel = "KIND", converter = EngineConverter.class,
            description = "What drives the connections. loop: each thread is an event loop of metric's that sends on"
                    + " its connections from their replies and from its timers, nothing handed between threads per"
                    + " request (lettuce, resp and folsom). threads: a thread per connection calling the client as an"
                    + " application thread does, its pool included. Default: loop for lettuce, resp and folsom unless"
                    + " --pool-size is given, threads for jedis.")
    public EngineKind engine; // null: the library's default, chosen where the run is configured

    @Option(names = {"--connections", "-c", "--clients"}, paramLabel = "N", defaultValue = "1",
            description = "Connections each thread drives, each with its own --inflight requests in flight"
                    + " (memtier_benchmark's -c/--clients, which are its other names). With --engine threads, each"
                    + " has a thread of its own (default: ${DEFAULT-VALUE}).")
    public int connections;

    @Option(names = "--busy-poll",
            description = "Keep each event loop thread polling for replies instead of sleeping until one comes"
                    + " (--engine loop): a reply is then handled without first waking the thread and its core,"
                    + " which at one request in flight is much of a round trip. Each loop thread keeps a core busy"
                    + " for the whole run: give it cores the server does not use.")
    public boolean busyPoll;

    /** The library named, or the default one for what the server speaks. */
    public ClientLibrary library(Protocol protocol) {
        return library == null ? ClientLibrary.defaultFor(protocol) : library;
    }

    /**
     * The connection settings for {@code threads} client threads, each of its connections, against
     * {@code address}: a connection per lane unless a pool size is given, but for Lettuce, which
     * shares one.
     */
    public ClientSettings settings(ServerOptions server, ServerAddress address, int threads) {
        ClientLibrary chosen = library(server.protocol);
        boolean poolPerThread = poolSize == null && chosen != ClientLibrary.LETTUCE;
        return server.settings(address, poolSizeFor(chosen, threads * connections), poolPerThread)
                .withBusyPoll(busyPoll);
    }

    /** The pool size to use with {@code lanes} connections asked for; 0 means Lettuce's shared connection. */
    private int poolSizeFor(ClientLibrary chosen, int lanes) {
        if (poolSize != null) {
            if (poolSize < 1) {
                throw new IllegalArgumentException("--pool-size must be at least 1, got " + poolSize);
            }
            return poolSize;
        }
        return chosen == ClientLibrary.LETTUCE ? 0 : lanes;
    }

    /** Reads an engine by its name. */
    static final class EngineConverter extends EnumNames<EngineKind> {
        EngineConverter() {
            super(EngineKind.class, "engine");
        }
    }

    /** Reads a client library by its name. */
    static final class ClientLibraryConverter extends EnumNames<ClientLibrary> {
        ClientLibraryConverter() {
            super(ClientLibrary.class, "client");
        }
    }
}
