package dev.metric.run;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import java.time.Duration;

/**
 * Everything that defines a mode1 run, printed with its result.
 *
 * @param library          client library driving the reads
 * @param client           connection, pool and timeouts
 * @param threads          client threads, 1 to {@value #MAX_THREADS}
 * @param data             the keys and values written and checked: count, prefix, sizes and seed
 * @param pipeline         SETs per pipelined batch in the load phase
 * @param reads            verify-phase reads that are measured (GETs, or MGETs of keysPerRead keys)
 * @param warmupReads      reads done first, verified but left out of the figures
 * @param inflight         reads each thread keeps outstanding (1: one at a time)
 * @param keysPerRead      keys each read asks for: 1 for a GET per key, more for an MGET of that many
 * @param flush            whether to FLUSHDB the database before loading
 * @param skipLoad         verify data already written with the same seed and kkeys
 * @param verifyAll        after the measured reads, read every key once and check it
 * @param breakdown        split mean latency into client, server and network (costs half a second)
 * @param progressInterval how often progress lines are printed
 */
public record Mode1Config(ClientLibrary library, ClientSettings client, int threads, DataSpec data, int pipeline,
                          long reads, long warmupReads, int inflight, int keysPerRead, FlushPolicy flush,
                          boolean skipLoad, boolean verifyAll, boolean breakdown, Duration progressInterval) {

    public static final int MAX_THREADS = 1000;
    /** The most keys one MGET asks for. */
    public static final int MAX_KEYS_PER_READ = 1000;

    public Mode1Config {
        checkThreads(threads);
        require(pipeline >= 1, "pipeline must be at least 1, got " + pipeline);
        require(reads >= 1, "reads must be at least 1, got " + reads);
        require(warmupReads >= 0, "warm-up reads must be 0 or more, got " + warmupReads);
        require(inflight >= 1 && inflight <= Mode2Config.MAX_WINDOW,
                "inflight must be 1.." + Mode2Config.MAX_WINDOW + ", got " + inflight);
        require(keysPerRead >= 1 && keysPerRead <= MAX_KEYS_PER_READ,
                "--mget must be 1.." + MAX_KEYS_PER_READ + ", got " + keysPerRead);
        require(keysPerRead == 1 || !client.cluster(), "--mget " + keysPerRead + " on a cluster: an MGET needs all its"
                + " keys in one hash slot, and metric's keys are spread over every slot");
        require(keysPerRead == 1 || !data.structured(), "--mget " + keysPerRead + " with --type "
                + data.type().option() + ": MGET reads strings; each " + data.type().label() + " is read whole by "
                + data.type().readCommand());
        require(!(flush.flushes() && skipLoad), "--flush and --skip-load contradict each other: flushing deletes what --skip-load would verify");
        checkClient(library, client, threads);
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
     * Rejects a thread count outside 1..{@value #MAX_THREADS}; callers that derive other settings
     * from the thread count (a pool of one connection per thread) check it first.
     */
    public static void checkThreads(int threads) {
        require(threads >= 1 && threads <= MAX_THREADS, "threads must be 1.." + MAX_THREADS + ", got " + threads);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The keys and values this run writes and checks. */
    public DataSet dataSet() {
        return new DataSet(data);
    }

    /** Number of keys written and read. */
    public int keyCount() {
        return data.keys();
    }
}
