package dev.metric.cli.option;

import dev.metric.cli.convert.ReadFromConverter;
import dev.metric.cli.convert.SetGetRatio;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReadFrom;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** mode2's own options, shared by {@code mode2} and {@code sweep mode2}. */
public final class Mode2Options implements WorkloadOptions<Mode2Config> {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);

    /** Options a YCSB workload sets for itself, refused beside {@code --workload}. */
    private static final String YCSB_REFUSED = "--ttl, --write-ratio, --ratio, --key-dist, --zipf, --hotspot,"
            + " --key-size, --value-size, --type, --mget, --strict or --skip-load";

    @Option(names = "--ttl", paramLabel = "MIN-MAX", defaultValue = "60-600",
            description = "TTL of every write in seconds, drawn uniformly (default: ${DEFAULT-VALUE}).")
    String ttl;

    @Option(names = "--write-ratio", paramLabel = "F", defaultValue = "0.1",
            description = "Share of operations that are SETEX, 0..1; the rest are GETs (default: ${DEFAULT-VALUE}).")
    double writeRatio;

    @Option(names = "--ratio", paramLabel = "SET:GET",
            description = "Writes to reads, as memtier_benchmark's --ratio, instead of --write-ratio: 1:10 is a write"
                    + " ratio of 1/11.")
    String ratio;

    @Mixin
    TrafficTimeOptions time;

    @Option(names = {"--pipeline", "-P"}, paramLabel = "N", defaultValue = "1",
            description = "Requests per batch: each thread writes N, then waits for all N replies, as"
                    + " redis-benchmark's -P (default: ${DEFAULT-VALUE}).")
    int pipeline;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Requests each thread keeps outstanding. With lettuce, each reply sends the next from"
                    + " lettuce's I/O thread (no thread per lane); jedis writes them as one batch and reads the replies"
                    + " before sending more (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Mixin
    KeyDistributionOptions keys;

    @Option(names = "--workload", paramLabel = "ycsb-a..ycsb-f",
            description = "Run one of YCSB's core workloads in place of the cache traffic: <kkeys> x 1024 records of 10"
                    + " fields of 100 B, loaded as YCSB's Redis binding stores them (a hash each, every key in the"
                    + " sorted set _indices), then its READs, UPDATEs, INSERTs, SCANs and READ-MODIFY-WRITEs in its"
                    + " proportions and distribution, every record read verified field by field, a row each. Redis"
                    + " only, without the latency breakdown; not with " + YCSB_REFUSED + ".")
    String workload;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Mixin
    PaceOptions pace;

    @Mixin
    SearchOptions search;

    @Mixin
    ReplicaOptions replicas;

    @Mixin
    WaitOptions waits;

    @Option(names = "--read-from", paramLabel = "primary|replicas|any", defaultValue = "primary",
            converter = ReadFromConverter.class,
            description = "Where the traffic's reads go: the primary, its replicas (those it lists in INFO replication,"
                    + " or --replica; each lane keeps a connection to one, the replicas taken in turn), or any (each"
                    + " read to the primary or a replica at even odds). Writes and refills go to the primary. With"
                    + " --strict, a replica's read that misses a write the primary acknowledged counts as not"
                    + " replicated yet, apart from lost (default: ${DEFAULT-VALUE}).")
    ReadFrom readFrom;

    @Option(names = "--strict",
            description = "Keep each key's last acknowledged write (16 bytes per key: 49 MB for 3,072,000 keys) and"
                    + " fail the run on a lost key (a miss before its TTL ran out), a stale read (an older version"
                    + " than one acknowledged before the read) or a value returned after its TTL.")
    boolean strict;

    @Option(names = "--mget", paramLabel = "N", defaultValue = "1",
            description = "Keys each read asks for: 1 is a GET, more an MGET of N keys drawn from --key-dist, every"
                    + " value returned checked and every missing key refilled; a read's row and latency are then per"
                    + " MGET, the hit ratio per key (default: ${DEFAULT-VALUE}; not on a cluster, nor with --type).")
    int keysPerRead;

    @Option(names = "--skip-load",
            description = "Do not preload: use keys an earlier run preloaded with the same --seed and key count.")
    public boolean skipLoad;

    /** How long the traffic lasts: the warm-up, then the measured --duration. */
    public Duration trafficTime() {
        return time.trafficTime(TrafficTimeOptions.MODE2);
    }

    @Override
    public Mode2Config config(ClientLibrary library, ClientSettings settings, int threads, EngineKind engine,
                              int connections, DataSpec data, FlushPolicy flush, boolean skipLoad,
                              boolean breakdown) {
        YcsbWorkload ycsb = ycsbWorkload();
        return search.applyTo(pace.applyTo(time.applyTo(Mode2Config.builder(library, settings),
                TrafficTimeOptions.MODE2)
                .threads(threads)
                .engine(engine)
                .connections(connections)
                .data(data)
                .flush(flush)
                .skipLoad(skipLoad)
                .ttl(TtlRange.parse(ttl))
                .writeRatio(writeRatio())
                .pipeline(pipeline)
                .inflight(inflight)
                .keysPerRead(keysPerRead)
                .keyDistribution(keys.distribution())
                .workload(ycsb)
                .strict(strict)
                .replicas(replicas.choice())
                .writeWait(waits.writeWait())
                .readFrom(readFrom)
                // The breakdown times GET and SETEX, which a YCSB workload does not send, from the primary's
                // commandstats, which do not count the reads sent to replicas.
                .breakdown(breakdown && ycsb == null && readFrom == ReadFrom.PRIMARY)
                .progressInterval(PROGRESS_INTERVAL))).build();
    }

    /**
     * The share of writes: --write-ratio, or memtier's --ratio SET:GET.
     *
     * @throws IllegalArgumentException for both, or a --ratio not of two whole numbers, not both 0
     */
    private double writeRatio() {
        if (ratio == null) {
            return writeRatio;
        }
        if (command.commandLine().getParseResult().hasMatchedOption("--write-ratio")) {
            throw new IllegalArgumentException("--ratio and --write-ratio both set the share of writes: give one");
        }
        return SetGetRatio.parse(ratio).writeShare();
    }

    @Override
    public boolean skipLoad() {
        return skipLoad;
    }

    /**
     * The YCSB workload {@code --workload} names, null without it.
     *
     * @throws IllegalArgumentException for another name, or beside an option the workload sets for itself
     */
    private YcsbWorkload ycsbWorkload() {
        if (workload == null) {
            return null;
        }
        YcsbWorkload named;
        try {
            named = YcsbWorkload.named(workload);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--workload: " + e.getMessage(), e);
        }
        for (String option : YCSB_REFUSED.replace(" or ", ", ").split(", ")) {
            if (command.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException("--workload " + named.option() + " sets its own records and mix: not"
                        + " with " + option);
            }
        }
        return named;
    }
}
