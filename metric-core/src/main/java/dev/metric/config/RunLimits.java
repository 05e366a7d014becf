package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.workload.DataSpec;
import java.util.Locale;

/**
 * The bounds and set-up rules every kind of run shares (mode1, mode2 and command templates), so
 * that they accept the same thread counts, windows and MGET sizes and refuse the rest in the same
 * words.
 */
public final class RunLimits {

    /** The most client threads a run uses, and the most lanes of the threads engine, a thread each. */
    public static final int MAX_THREADS = 1000;
    /** The most lanes (connections) of the loop engine, whose threads each drive many. */
    public static final int MAX_LOOP_LANES = 10_000;
    /** The most requests one thread keeps outstanding, in a pipeline or a sliding window. */
    public static final int MAX_WINDOW = 10_000;
    /** The most keys one MGET asks for. */
    public static final int MAX_KEYS_PER_READ = 1000;
    /** What {@code --strict}'s write ledger keeps per key: a word of version and flags, one of times. */
    public static final int STRICT_BYTES_PER_KEY = 2 * Long.BYTES;
    /** memcached's longest key (KEY_MAX_LENGTH in its source). */
    public static final int MEMCACHED_MAX_KEY_BYTES = 250;

    private RunLimits() {
    }

    /**
     * Rejects a thread count outside 1..{@value #MAX_THREADS}; callers that derive other settings
     * from the thread count (a pool of one connection per thread) check it first.
     */
    public static void checkThreads(int threads) {
        require(threads >= 1 && threads <= MAX_THREADS, "threads must be 1.." + MAX_THREADS + ", got " + threads);
    }

    /**
     * The engine lanes run on unless one is chosen: event loops for Lettuce and folsom, threads for
     * Jedis, and threads for a pool size given, since a pool is what application threads borrow from.
     */
    public static EngineKind defaultEngine(ClientLibrary library, ClientSettings client) {
        boolean borrowed = !client.sharedConnection() && !client.poolPerThread();
        return library != ClientLibrary.JEDIS && !borrowed ? EngineKind.LOOP : EngineKind.THREADS;
    }

    /**
     * Rejects a layout of lanes that cannot run: a thread count outside 1..{@value #MAX_THREADS},
     * event loops for a blocking library, a pool for lanes that each keep a connection of their own
     * on a loop, busy-polling without event loops, or more lanes than the engine takes:
     * {@value #MAX_THREADS} threads of their own, {@value #MAX_LOOP_LANES} connections on event loops.
     * Then the client checks of
     * {@link #checkClient}, for every lane.
     */
    public static void checkLanes(ClientLibrary library, ClientSettings client, EngineKind engine, int threads,
                                  int connections) {
        checkThreads(threads);
        require(connections >= 1, Setting.CONNECTIONS, " must be at least 1, got " + connections);
        require(engine != EngineKind.LOOP || library != ClientLibrary.JEDIS, Setting.ENGINE, " loop with "
                + library + ": it blocks for each reply, so it runs a thread per connection (", Setting.ENGINE,
                " threads)");
        require(engine != EngineKind.THREADS || !library.loopsOnly(), Setting.ENGINE, " threads with " + library
                + ": metric's own client has no pool for threads to borrow from, only its event loops (",
                Setting.ENGINE, " loop, without ", Setting.POOL_SIZE, ")");
        require(!library.loopsOnly() || !client.cluster() && client.sentinels() == null, Setting.CLIENT, " "
                + library + " connects to one server: a cluster or Sentinels need a client that follows them ("
                + ClientLibrary.LETTUCE + ")");
        require(engine != EngineKind.LOOP || client.sharedConnection() || client.poolPerThread(), Setting.POOL_SIZE,
                " with ", Setting.ENGINE, " loop: each connection of an event loop is one lane's own; a pool is"
                        + " what application threads borrow from (", Setting.ENGINE, " threads)");
        require(engine == EngineKind.LOOP || !client.busyPoll(), Setting.BUSY_POLL, " with ", Setting.ENGINE,
                " threads: only metric's event loops poll; a thread per connection waits for its replies as an"
                        + " application's threads do (", Setting.ENGINE, " loop)");
        long lanes = (long) threads * connections;
        if (engine == EngineKind.LOOP) {
            require(lanes <= MAX_LOOP_LANES, Setting.THREADS, " x ", Setting.CONNECTIONS, " must be at most "
                    + MAX_LOOP_LANES + " connections on event loops, got " + lanes);
        } else {
            require(lanes <= MAX_THREADS, Setting.THREADS, " x ", Setting.CONNECTIONS, " must be at most "
                    + MAX_THREADS + " with ", Setting.ENGINE, " threads, a thread per connection, got " + lanes);
        }
        checkClient(library, client, (int) lanes);
    }

    /**
     * Rejects a library of the other protocol, and what a memcached run cannot do: values of other
     * types than strings, keys longer than memcached takes, and the client-cost breakdown, whose
     * probe times RESP codecs.
     */
    public static void checkProtocol(ClientLanes lanes, DataSpec data, boolean breakdown) {
        ClientLibrary library = lanes.library();
        Protocol protocol = lanes.client().protocol();
        require(library.protocol() == protocol, Setting.CLIENT, " " + library + " speaks " + library.protocol()
                + ", not " + protocol + ": with ", Setting.PROTOCOL, " " + protocol + " the client is "
                + ClientLibrary.defaultFor(protocol));
        if (protocol != Protocol.MEMCACHED) {
            return;
        }
        require(!data.structured(), Setting.VALUE_TYPE, " " + data.type().option() + " with ", Setting.PROTOCOL,
                " memcached: memcached stores strings only");
        require(data.keySizes().maxBytes() <= MEMCACHED_MAX_KEY_BYTES, Setting.KEY_SIZE, " up to "
                + data.keySizes().maxBytes() + " bytes with ", Setting.PROTOCOL, " memcached: its keys are at most "
                + MEMCACHED_MAX_KEY_BYTES + " bytes");
        require(!breakdown, Setting.BREAKDOWN, " with ", Setting.PROTOCOL, " memcached: its client costs are"
                + " measured on RESP codecs; a memcached run reports the server's CPU per request instead");
    }

    /** Rejects a sliding window outside 1..{@value #MAX_WINDOW}. */
    public static void checkInflight(int inflight) {
        require(inflight >= 1 && inflight <= MAX_WINDOW, "inflight must be 1.." + MAX_WINDOW + ", got " + inflight);
    }

    /**
     * Rejects an MGET size outside 1..{@value #MAX_KEYS_PER_READ}, and any MGET where metric's keys
     * cannot be read that way: on a cluster, or of values that are not strings.
     */
    public static void checkKeysPerRead(int keysPerRead, ClientSettings client, DataSpec data) {
        require(keysPerRead >= 1 && keysPerRead <= MAX_KEYS_PER_READ,
                Setting.KEYS_PER_READ, " must be 1.." + MAX_KEYS_PER_READ + ", got " + keysPerRead);
        require(keysPerRead == 1 || !client.cluster(), Setting.KEYS_PER_READ, " " + keysPerRead + " on a cluster: an"
                + " MGET needs all its keys in one hash slot, and metric's keys are spread over every slot");
        require(keysPerRead == 1 || !data.structured(), Setting.KEYS_PER_READ, " " + keysPerRead + " with ",
                Setting.VALUE_TYPE, " " + data.type().option() + ": MGET reads strings; each " + data.type().label()
                        + " is read whole by " + data.type().readCommand());
    }

    /**
     * Rejects a client set-up that cannot run: Jedis without a pool, or Jedis on a cluster with
     * fewer connections per node than threads, where pipelines that each hold a connection to
     * one node while they wait for one to another would block each other for good.
     */
    private static void checkClient(ClientLibrary library, ClientSettings client, int threads) {
        require(library != ClientLibrary.JEDIS || !client.sharedConnection(),
                "jedis needs a pool of at least one connection");
        require(library != ClientLibrary.JEDIS || !client.cluster() || client.poolSize() >= threads,
                "jedis on a cluster needs a pool of at least one connection per thread (" + threads + "), got "
                        + client.poolSize() + ": its pipelines hold a connection to each node they use at once");
    }

    /**
     * Refuses, before anything runs, a {@code --strict} key count whose ledger would take more than
     * half the heap this JVM has free, rather than failing with an OutOfMemoryError mid-run.
     */
    public static void checkStrictHeapFor(int keyCount) {
        long needed = (long) keyCount * STRICT_BYTES_PER_KEY;
        Runtime runtime = Runtime.getRuntime();
        long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        if (needed > free / 2) {
            throw SettingException.of(Setting.STRICT, String.format(Locale.ROOT, " keeps %d bytes per key: %,d MB "
                    + "for %,d keys, more than half the %,d MB of heap free; raise -Xmx or use fewer keys",
                    STRICT_BYTES_PER_KEY, needed >> 20, keyCount, free >> 20));
        }
    }

    /**
     * Refuses a flush that would go by the key prefix ({@code --flush} without {@code --yes}) when
     * the prefix is too short, or ends without a separator, to tell metric's keys from others'.
     */
    /**
     * Refuses reads from replicas ({@code readFrom}) where a run cannot send them: not to one Redis
     * server given by its address (a cluster, memcached, Sentinels), or on the event loop engine,
     * whose lanes hold one connection each.
     */
    public static void checkReadFrom(ReadFrom readFrom, ClientLanes lanes) {
        if (!readFrom.replicas()) {
            return;
        }
        ClientSettings client = lanes.client();
        require(client.protocol() == Protocol.REDIS && !client.cluster() && client.sentinels() == null,
                Setting.READ_FROM, " reads from a Redis primary's replicas: not a cluster's, memcached's or through"
                        + " Sentinels");
        require(lanes.engine() == EngineKind.THREADS, Setting.READ_FROM, " sends each lane's reads and writes on two"
                + " connections: with ", Setting.ENGINE, " threads");
    }

    public static void checkFlushPrefix(FlushPolicy flush, DataSpec data) {
        String unsafe = DataSpec.unsafeForDeleting(data.keyPrefix());
        require(flush != FlushPolicy.UNLESS_FOREIGN_KEYS || unsafe == null, Setting.FLUSH, " without ",
                Setting.CONFIRM_FLUSH, " tells metric's keys by ", Setting.KEY_PREFIX, ", and ", unsafe);
    }

    /**
     * Throws a {@link SettingException} made of {@code parts} unless {@code condition} holds: the
     * parts are text, numbers and the {@link Setting}s the refusal names, if any.
     */
    public static void require(boolean condition, Object... parts) {
        if (!condition) {
            throw SettingException.of(parts);
        }
    }
}
