package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
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

    /** The most client threads (or lanes) a run uses. */
    public static final int MAX_THREADS = 1000;
    /** The most requests one thread keeps outstanding, in a pipeline or a sliding window. */
    public static final int MAX_WINDOW = 10_000;
    /** The most keys one MGET asks for. */
    public static final int MAX_KEYS_PER_READ = 1000;
    /** What {@code --strict}'s write ledger keeps per key: a word of version and flags, one of times. */
    public static final int STRICT_BYTES_PER_KEY = 2 * Long.BYTES;

    private RunLimits() {
    }

    /**
     * Rejects a thread count outside 1..{@value #MAX_THREADS}; callers that derive other settings
     * from the thread count (a pool of one connection per thread) check it first.
     */
    public static void checkThreads(int threads) {
        require(threads >= 1 && threads <= MAX_THREADS, "threads must be 1.." + MAX_THREADS + ", got " + threads);
    }

    /** Rejects a sliding window outside 1..{@value #MAX_WINDOW}. */
    static void checkInflight(int inflight) {
        require(inflight >= 1 && inflight <= MAX_WINDOW, "inflight must be 1.." + MAX_WINDOW + ", got " + inflight);
    }

    /**
     * Rejects an MGET size outside 1..{@value #MAX_KEYS_PER_READ}, and any MGET where metric's keys
     * cannot be read that way: on a cluster, or of values that are not strings.
     */
    static void checkKeysPerRead(int keysPerRead, ClientSettings client, DataSpec data) {
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
    static void checkClient(ClientLibrary library, ClientSettings client, int threads) {
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
    static void checkStrictHeapFor(int keyCount) {
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
     * Throws a {@link SettingException} made of {@code parts} unless {@code condition} holds: the
     * parts are text, numbers and the {@link Setting}s the refusal names, if any.
     */
    static void require(boolean condition, Object... parts) {
        if (!condition) {
            throw SettingException.of(parts);
        }
    }
}
