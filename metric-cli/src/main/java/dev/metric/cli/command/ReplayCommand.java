package dev.metric.cli.command;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.convert.RenamedOption;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.PaceOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.Mode;
import dev.metric.mode.replay.ReplayConfig;
import dev.metric.mode.replay.ReplayMode;
import dev.metric.mode.replay.ReplayResult;
import dev.metric.mode.replay.ScannedTrace;
import dev.metric.mode.replay.TraceFormat;
import dev.metric.mode.replay.TraceScan;
import dev.metric.workload.DataSpec;
import dev.metric.workload.SizeDistribution;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code metric replay FILE}: the commands of a trace, each key's in order on one connection, timed and checked. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Replay a trace: redis-cli MONITOR output, one command per line as typed at redis-cli (quotes as"
                    + " there, # comments), or the operations YCSB's basic binding prints (READ, UPDATE, INSERT,"
                    + " DELETE, SCAN), each sent as YCSB's Redis binding sends it (a record is a hash, indexed in the"
                    + " sorted set _indices), or with --protocol memcached as its memcached binding does. The trace"
                    + " is read once before anything is sent (--dry-run shows what it holds), then streamed ahead of"
                    + " the lanes, a few thousand commands at a time.",
            "First a warm phase writes the keys the trace reads before it writes them (values of"
                    + " --value-size), left out of the figures, as are the trace's first commands (--warmup-commands)."
                    + " Then every command is sent, every key's commands on one connection in the trace's order, as"
                    + " fast as they go, at the trace's own times with --speed, or at --rate. Values the trace writes"
                    + " are replaced by values of the same length that name their key and version, and every read of"
                    + " a key the replay wrote is checked byte for byte.",
            "Commands that change the connection or the server (SELECT, MULTI, CONFIG, FLUSHALL...) or may block"
                    + " (BLPOP...) are not replayed, and are counted. Nothing is deleted unless --flush --yes.",
            "Exit codes: 0 every command answered without an error and every checked read intact, 1 errors,"
                    + " reads not as written or commands never sent, 2 bad options or trace, 3 server unreachable."
        })
public final class ReplayCommand extends ModeCommand<ReplayConfig, ReplayResult> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The trace.")
    Path file;

    @Option(names = "--format", paramLabel = "monitor|plain|ycsb",
            description = "How the trace's lines read (default: as its first command shows).")
    String format;

    @Option(names = "--speed", paramLabel = "X",
            description = "Send each command at its time in the trace (MONITOR), X times as fast: 1 as recorded, 2"
                    + " twice as fast; response times count from each command's due time. Default: as fast as the"
                    + " lanes go.")
    Double speed;

    @Option(names = "--warmup", paramLabel = "N", hidden = true, converter = QuantityConverters.Count.class,
            description = "The old name of --warmup-commands.")
    Long oldWarmup;

    @Option(names = "--warmup-commands", paramLabel = "N", converter = QuantityConverters.Count.class,
            description = "The trace's first N commands, e.g. 50000 or 64k, replayed while the client's code is"
                    + " compiled and left out of the figures; their errors and reads count all the same (default: a"
                    + " tenth of the trace's commands).")
    Long warmup;

    @Option(names = "--strict-trace", description = "Refuse the trace at its first bad line, instead of counting"
            + " bad lines and replaying the rest.")
    boolean strictTrace;

    @Option(names = {"--threads", "-t"}, paramLabel = "N", defaultValue = "1",
            description = "Client threads (default: ${DEFAULT-VALUE}); each key's commands go to one of the"
                    + " threads x --connections lanes.")
    int threads;

    @Option(names = {"--port", "-p"}, paramLabel = "PORT", description = "Server port (default: 6379).")
    Integer port;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Commands each lane keeps outstanding (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Option(names = "--value-size", paramLabel = "SIZES", defaultValue = "200-2000",
            description = "Lengths of the values the warm phase writes, as mode1's --value-size (default:"
                    + " ${DEFAULT-VALUE}).")
    String warmValueSizes;

    @Option(names = "--flush", description = "FLUSHDB the selected database first; needs --yes, as the trace's keys"
            + " are not metric's.")
    boolean flush;

    @Option(names = "--yes", description = "Confirm that --flush deletes every key of the database.")
    boolean yes;

    @Mixin
    PaceOptions pace;

    @Mixin
    ResultFiles files;

    @Mixin
    DryRun dryRun;

    /** The trace as scanned for a number of lanes: scanned once however many times the configuration is made. */
    private ScannedTrace scanned;

    @Override
    int threads() {
        return threads;
    }

    @Override
    Integer port() {
        return port;
    }

    /** The trace's keys are not metric's: there is nothing of its own to clean up. */
    @Override
    void cleanUpAfter(ReplayConfig config, boolean embedded, Consumer<String> progress) {
    }

    @Override
    Mode<ReplayConfig, ReplayResult> mode() {
        return ReplayMode.MODE;
    }

    @Override
    ResultFiles files() {
        return files;
    }

    @Override
    DryRun dryRun() {
        return dryRun;
    }

    @Override
    ReplayConfig config(ClientSettings settings) {
        int lanes = threads * client.connections;
        if (scanned == null || scanned.lanes() != lanes || scanned.target() != settings.protocol()) {
            scanned = TraceScan.scan(file, traceFormat(), lanes, strictTrace, settings.protocol());
        }
        return pace.applyTo(ReplayConfig.builder(client.library(settings.protocol()), settings, scanned))
                .threads(threads)
                .engine(client.engine)
                .connections(client.connections)
                .inflight(inflight)
                .speed(speed == null ? 0 : positive(speed))
                .warmupCommands(RenamedOption.value("--warmup-commands", warmup, "--warmup", oldWarmup, -1L))
                .warmValueSizes(SizeDistribution.parse("--value-size", warmValueSizes, DataSpec.MAX_VALUE_BYTES))
                .flush(FlushPolicy.of(flush, yes))
                .build();
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, ReplayConfig config) {
        return DryRun.replay(server, endpoint, files, config);
    }

    private TraceFormat traceFormat() {
        if (format == null) {
            return null;
        }
        for (TraceFormat known : TraceFormat.values()) {
            if (known.optionName().equals(format.toLowerCase(Locale.ROOT))) {
                return known;
            }
        }
        throw new IllegalArgumentException("--format must be monitor, plain or ycsb, got " + format);
    }

    private static double positive(double speed) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("--speed must be more than 0, got " + speed);
        }
        return speed;
    }
}
