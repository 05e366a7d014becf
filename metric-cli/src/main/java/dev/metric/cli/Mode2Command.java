package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.report.MarkdownTable;
import dev.metric.report.Mode2Csv;
import dev.metric.report.Mode2Report;
import dev.metric.run.Mode1Config;
import dev.metric.run.Mode2Config;
import dev.metric.run.Mode2Result;
import dev.metric.run.Mode2Runner;
import dev.metric.run.Slo;
import dev.metric.server.ServerTarget;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TtlRange;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code metric mode2 <threads> <kkeys> [port]}: the cache workload, closed loop, at a rate, or a capacity search. */
@Command(name = "mode2", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Preload <kkeys> x 1024 keys with SETEX and TTLs from --ttl, then run GETs and SETEXs (--write-ratio)"
                    + " on keys from --key-dist; a GET that misses is followed by a refill SETEX, as a cache-aside"
                    + " application does. Every value names its key and version, so every hit is verified.",
            "Closed loop by default; --rate paces operations at a target rate and reports response time (from each"
                    + " operation's intended start) beside service time (from its send); --find-max searches for"
                    + " the highest rate that meets --slo.",
            "Nothing is deleted unless --flush is given. Progress goes to stderr every second, the report to stdout."
        })
final class Mode2Command implements Callable<Integer> {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);

    @Mixin
    LoadShape shape;

    @Mixin
    ServerOptions server;

    @Mixin
    ClientOptions client;

    @Mixin
    DataOptions data;

    @Option(names = "--ttl", paramLabel = "MIN-MAX", defaultValue = "60-600",
            description = "TTL of every write in seconds, drawn uniformly (default: ${DEFAULT-VALUE}).")
    String ttl;

    @Option(names = "--write-ratio", paramLabel = "F", defaultValue = "0.1",
            description = "Share of operations that are SETEX, 0..1; the rest are GETs (default: ${DEFAULT-VALUE}).")
    double writeRatio;

    @Option(names = "--duration", paramLabel = "S", defaultValue = "60",
            description = "Seconds of measured traffic (default: ${DEFAULT-VALUE}).")
    long durationSec;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "5",
            description = "Seconds of traffic before measuring, left out of the figures (default: ${DEFAULT-VALUE}).")
    long warmupSec;

    @Option(names = "--pipeline", paramLabel = "N", defaultValue = "1",
            description = "Requests per batch: each thread writes N, then waits for all N replies (default: ${DEFAULT-VALUE}).")
    int pipeline;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Requests each thread keeps outstanding: a sliding window with lettuce, batches of N with"
                    + " jedis, which reads replies only after a batch (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Option(names = "--key-dist", paramLabel = "DIST", defaultValue = "uniform",
            description = "How operations spread over keys: uniform, zipfian (--zipf), hotspot (--hotspot) or"
                    + " sequential (default: ${DEFAULT-VALUE}, the worst case for a cache).")
    String keyDistribution;

    @Option(names = "--zipf", paramLabel = "THETA", defaultValue = "0.99",
            description = "Skew of --key-dist zipfian, strictly between 0 and 1 (default: ${DEFAULT-VALUE}).")
    double zipfTheta;

    @Option(names = "--hotspot", paramLabel = "KEYS:OPS", defaultValue = "0.2:0.8",
            description = "For --key-dist hotspot: the share of keys that takes the share of operations"
                    + " (default: ${DEFAULT-VALUE}).")
    String hotspot;

    @Option(names = "--rate", paramLabel = "R",
            description = "Target rate in operations per second for all threads together (open loop)."
                    + " With --find-max, the rate of the first step (default 1000).")
    Double rate;

    @Option(names = "--find-max", description = "Search for the highest rate that meets --slo: double the rate"
            + " each step until one fails, then bisect.")
    boolean findMax;

    @Option(names = "--slo", paramLabel = "pN=T",
            description = "Latency objective(s) for --find-max on response time, e.g. p99=1ms or p99=1ms,p50=200us.")
    String slo;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "12",
            description = "The most steps --find-max runs (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--step-duration", paramLabel = "S", defaultValue = "10",
            description = "Seconds of traffic per --find-max step (default: ${DEFAULT-VALUE}).")
    long stepSec;

    @Mixin
    OutputOptions output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Mode2Config requested = configAt(server.host == null ? ServerTarget.DEFAULT_HOST : server.host, shape.port);
        PrintWriter err = spec.commandLine().getErr();
        return TargetRun.on(server, shape.port, requested.client().connectTimeout(), err, (address, embedded) -> {
            Mode2Result result = output.withIntervalLog("metric mode2: latencies in nanoseconds, a tag per operation"
                    + " type", err, log -> new Mode2Runner(configAt(address.host(), address.port()), embedded,
                    output.progress(err), log).run());
            output.emit(new RenderedRun(Mode2Report.render(result), result, Mode2Csv.TABLE, Mode2Csv.row(result),
                    MarkdownTable.MODE2_COLUMNS, MarkdownTable.row(result)), spec.commandLine().getOut(), err);
            return result.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The configuration the options describe, aimed at {@code host:port}; bad values are usage errors. */
    private Mode2Config configAt(String host, int port) {
        try {
            Mode1Config.checkThreads(shape.threads);
            output.checkWritable(Mode2Csv.TABLE);
            ClientSettings settings = new ClientSettings(new ServerAddress(host, port), server.database,
                    client.poolSizeFor(shape.threads), ClientSettings.DEFAULT_CONNECT_TIMEOUT,
                    ClientSettings.DEFAULT_COMMAND_TIMEOUT);
            return new Mode2Config(client.library, settings, shape.threads, shape.kkeys, data.seed, data.flush,
                    TtlRange.parse(ttl), writeRatio, seconds("--duration", durationSec, 1),
                    seconds("--warmup", warmupSec, 0), pipeline, inflight, distribution(),
                    rate == null ? 0 : rate, search(), !output.noBreakdown, PROGRESS_INTERVAL);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private static Duration seconds(String option, long seconds, long minimum) {
        if (seconds < minimum || seconds > Duration.ofDays(7).toSeconds()) {
            throw new IllegalArgumentException(option + " must be " + minimum + ".." + Duration.ofDays(7).toSeconds()
                    + " seconds, got " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }

    private KeyDistribution distribution() {
        return switch (keyDistribution.toLowerCase(Locale.ROOT)) {
            case "uniform" -> new KeyDistribution.Uniform();
            case "zipfian", "zipf" -> new KeyDistribution.Zipfian(zipfTheta);
            case "hotspot" -> hotspotDistribution();
            case "sequential" -> new KeyDistribution.Sequential();
            default -> throw new IllegalArgumentException("unknown --key-dist '" + keyDistribution
                    + "', expected uniform, zipfian, hotspot or sequential");
        };
    }

    private KeyDistribution hotspotDistribution() {
        String[] parts = hotspot.split(":");
        try {
            if (parts.length == 2) {
                return new KeyDistribution.Hotspot(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
            }
        } catch (NumberFormatException e) {
            // Falls through to the message below.
        }
        throw new IllegalArgumentException("--hotspot must be KEYS:OPS fractions, e.g. 0.2:0.8, got '" + hotspot + "'");
    }

    private Mode2Config.Search search() {
        if (!findMax) {
            if (slo != null) {
                throw new IllegalArgumentException("--slo is used by --find-max, which was not given");
            }
            return null;
        }
        if (slo == null) {
            throw new IllegalArgumentException("--find-max needs an --slo, e.g. --slo p99=1ms");
        }
        return new Mode2Config.Search(Slo.parseAll(slo), maxSteps, seconds("--step-duration", stepSec, 1));
    }
}
