package dev.metric.run;

import static dev.metric.run.RunLimits.require;

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
 * @param threads          client threads, 1 to {@value RunLimits#MAX_THREADS}
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

    public Mode1Config {
        RunLimits.checkThreads(threads);
        require(pipeline >= 1, "pipeline must be at least 1, got " + pipeline);
        require(reads >= 1, "reads must be at least 1, got " + reads);
        require(warmupReads >= 0, "warm-up reads must be 0 or more, got " + warmupReads);
        RunLimits.checkInflight(inflight);
        RunLimits.checkKeysPerRead(keysPerRead, client, data);
        require(!(flush.flushes() && skipLoad),
                "--flush and --skip-load contradict each other: flushing deletes what --skip-load would verify");
        RunLimits.checkClient(library, client, threads);
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
