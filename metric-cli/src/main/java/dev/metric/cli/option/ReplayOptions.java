package dev.metric.cli.option;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.convert.RenamedOption;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.mode.replay.ReplayConfig;
import dev.metric.mode.replay.ScannedTrace;
import dev.metric.mode.replay.TraceFormat;
import dev.metric.mode.replay.TraceScan;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a trace is read and replayed ({@code replay}, {@code sweep replay}): its format, its pace
 * (its own times at a speed, or a rate), its warm-up and the commands each lane keeps in flight,
 * which make a {@link ReplayConfig.Builder} for the lanes the command gives. The trace is scanned
 * once for each number of lanes and protocol it is asked for.
 */
public final class ReplayOptions {

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

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Commands each lane keeps outstanding (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Mixin
    PaceOptions pace;

    @Mixin
    SearchOptions search;

    /** The trace as scanned for a number of lanes: scanned once however many times a configuration is made. */
    private ScannedTrace scanned;

    /**
     * A builder of the replay of {@code file} on {@code threads} x {@code connections} lanes, with
     * these options; the caller adds the warm values' sizes and the flush.
     *
     * @throws IllegalArgumentException with a one-line reason: a bad option, or a trace that cannot be read
     */
    public ReplayConfig.Builder builder(Path file, ClientLibrary library, ClientSettings settings, int threads,
                                        EngineKind engine, int connections) {
        int lanes = threads * connections;
        if (scanned == null || scanned.lanes() != lanes || scanned.target() != settings.protocol()) {
            scanned = TraceScan.scan(file, traceFormat(), lanes, strictTrace, settings.protocol());
        }
        return search.applyToReplay(pace.applyTo(ReplayConfig.builder(library, settings, scanned)))
                .threads(threads)
                .engine(engine)
                .connections(connections)
                .inflight(inflight)
                .speed(speed == null ? 0 : positive(speed))
                .warmupCommands(RenamedOption.value("--warmup-commands", warmup, "--warmup", oldWarmup, -1L));
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
