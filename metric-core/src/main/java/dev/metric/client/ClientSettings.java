package dev.metric.client;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;

/**
 * How a binding connects: the same settings for every library, so that runs differ only in the
 * library and its pooling.
 *
 * @param address        the server
 * @param database       logical database selected on every connection
 * @param access         authentication and TLS, the same for every connection
 * @param poolSize       connections in the pool; 0 means the library's shared-connection mode
 *                       (Lettuce only)
 * @param poolPerThread  whether the pool size was not chosen but follows the thread count (one
 *                       connection per thread), so that runs at different thread counts compare
 *                       as one series
 * @param timeouts       how long a connection may take to open, and a reply to come
 * @param topology       whether {@code address} is one node of a Redis Cluster, to be used through
 *                       the library's cluster client (the pool size then applies to each node), or
 *                       the primary that Sentinels named, to be asked for again on every new connection
 * @param resp           the RESP version every connection negotiates (RESP2 for memcached)
 * @param protocol       the protocol spoken: RESP, or memcached's text protocol
 * @param busyPoll       whether metric's event loops (the loop engine) look for replies, timers and tasks
 *                       over and over instead of sleeping in the kernel until one comes: each loop
 *                       thread then keeps a core busy, and a reply is handled without first waking a
 *                       sleeping thread (and, on a virtual machine, its idle core)
 */
public record ClientSettings(ServerAddress address, int database, ServerAccess access, int poolSize,
                             boolean poolPerThread, @JsonUnwrapped Timeouts timeouts,
                             @JsonUnwrapped Topology topology,
                             RespVersion resp, Protocol protocol, boolean busyPoll) {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(2);

    public ClientSettings {
        if (database < 0) {
            throw new IllegalArgumentException("database must be >= 0, got " + database);
        }
        if (poolSize < 0) {
            throw new IllegalArgumentException("pool size must be >= 0, got " + poolSize);
        }
        boolean cluster = topology.cluster();
        if (cluster && database != 0) {
            throw new IllegalArgumentException("a Redis Cluster has database 0 only, got " + database);
        }
        if (protocol == Protocol.MEMCACHED && (database != 0 || cluster || topology.sentinels() != null
                || resp != RespVersion.RESP2
                || !access.plain())) {
            throw new IllegalArgumentException("memcached has no databases, cluster, RESP3, credentials or TLS here");
        }
    }

    /** Plain settings (no authentication, no TLS) with a pool size of their own choosing, not one per thread. */
    public ClientSettings(ServerAddress address, int database, int poolSize, Duration connectTimeout,
                          Duration commandTimeout) {
        this(address, database, ServerAccess.PLAIN, poolSize, false, new Timeouts(connectTimeout, commandTimeout),
                Topology.STANDALONE, RespVersion.RESP2, Protocol.REDIS, false);
    }

    /**
     * @param connectTimeout limit for opening a connection
     * @param commandTimeout limit for one reply
     */
    public record Timeouts(Duration connectTimeout, Duration commandTimeout) {
    }

    /** The limit for opening a connection. */
    public Duration connectTimeout() {
        return timeouts.connectTimeout;
    }

    /** The limit for one reply. */
    public Duration commandTimeout() {
        return timeouts.commandTimeout;
    }

    /** The same settings with a pool of {@code connections}, still following the thread count if they did. */
    public ClientSettings withPoolSize(int connections) {
        return new ClientSettings(address, database, access, connections, poolPerThread, timeouts,
                topology, resp, protocol, busyPoll);
    }

    /** The same settings for the server at {@code other}: a replica of this one, say. */
    public ClientSettings withAddress(ServerAddress other) {
        return new ClientSettings(other, database, access, poolSize, poolPerThread, timeouts,
                topology, resp, protocol, busyPoll);
    }

    /** The same settings selecting database {@code other}. */
    public ClientSettings withDatabase(int other) {
        return new ClientSettings(address, other, access, poolSize, poolPerThread, timeouts,
                topology, resp, protocol, busyPoll);
    }

    /** The same settings speaking {@code other}. */
    public ClientSettings withProtocol(Protocol other) {
        return new ClientSettings(address, database, access, poolSize, poolPerThread, timeouts,
                topology, resp, other, busyPoll);
    }

    /** The same settings with metric's event loops busy-polling, or not. */
    public ClientSettings withBusyPoll(boolean polling) {
        return new ClientSettings(address, database, access, poolSize, poolPerThread, timeouts,
                topology, resp, protocol, polling);
    }

    /** Whether {@link #address} is one node of a Redis Cluster. */
    @JsonIgnore
    public boolean cluster() {
        return topology.cluster();
    }

    /** The Sentinels that name the primary, or null when none do. */
    @JsonIgnore
    public Sentinels sentinels() {
        return topology.sentinels();
    }

    /** Whether the binding should share one connection among all threads instead of pooling. */
    public boolean sharedConnection() {
        return poolSize == 0;
    }
}
