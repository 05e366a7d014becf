package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.convert.RenamedOption;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.workload.DataSpec;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** mode1's own options, shared by {@code mode1} and {@code sweep mode1}. */
public final class Mode1Options implements WorkloadOptions<Mode1Config> {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(2);

    private static final int LOAD_BATCH = 64;
    private static final long WARMUP_READS = 65_536;

    @Option(names = "--load-batch", paramLabel = "N",
            description = "SETs per pipelined batch when loading (default: " + LOAD_BATCH + "). --pipeline is its"
                    + " old name, still accepted.")
    Integer loadBatch;

    @Option(names = "--pipeline", paramLabel = "N", hidden = true, description = "The old name of --load-batch.")
    Integer oldLoadBatch;

    @Option(names = "--reads", paramLabel = "N", defaultValue = "1048576", converter = QuantityConverters.Count.class,
            description = "Measured reads in the verify phase, e.g. 1048576 or 1m (default: ${DEFAULT-VALUE}, as the"
                    + " original tool).")
    long reads;

    @Option(names = "--warmup-reads", paramLabel = "N", converter = QuantityConverters.Count.class,
            description = "Reads done first and left out of the figures; they are verified too (default: "
                    + WARMUP_READS + "). --warmup is its old name, still accepted.")
    Long warmupReads;

    @Option(names = "--warmup", paramLabel = "N", hidden = true, converter = QuantityConverters.Count.class,
            description = "The old name of --warmup-reads.")
    Long oldWarmupReads;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Reads each thread keeps outstanding on one connection. With lettuce, each reply sends"
                    + " the next from lettuce's I/O thread (no thread per lane); jedis writes them as one batch"
                    + " (default: ${DEFAULT-VALUE}: one read at a time, a connection borrowed per read).")
    int inflight;

    @Option(names = "--mget", paramLabel = "N", defaultValue = "1",
            description = "Keys each read asks for: 1 is a GET per key, more an MGET of N keys, every value still"
                    + " checked; rps and latency are then per MGET (default: ${DEFAULT-VALUE}; not on a cluster).")
    int keysPerRead;

    @Option(names = "--skip-load",
            description = "Do not write: verify data already written with the same --seed and key count.")
    public boolean skipLoad;

    @Option(names = "--no-verify-all",
            description = "Skip reading every key once after the measured reads: only the keys the random reads"
                    + " happened to draw are checked (a pure speed run).")
    boolean noVerifyAll;

    @Mixin
    ReplicaOptions replicas;

    @Override
    public Mode1Config config(ClientLibrary library, ClientSettings settings, int threads, EngineKind engine,
                              int connections, DataSpec data, FlushPolicy flush, boolean skipLoad,
                              boolean breakdown) {
        return Mode1Config.builder(library, settings)
                .threads(threads)
                .engine(engine)
                .connections(connections)
                .data(data)
                .pipeline(RenamedOption.value("--load-batch", loadBatch, "--pipeline", oldLoadBatch, LOAD_BATCH))
                .reads(reads)
                .warmupReads(RenamedOption.value("--warmup-reads", warmupReads, "--warmup", oldWarmupReads,
                        WARMUP_READS))
                .inflight(inflight)
                .keysPerRead(keysPerRead)
                .flush(flush)
                .skipLoad(skipLoad)
                .verifyAll(!noVerifyAll)
                .replicas(replicas.choice())
                .breakdown(breakdown)
                .progressInterval(PROGRESS_INTERVAL)
                .build();
    }

    @Override
    public boolean skipLoad() {
        return skipLoad;
    }
}
