package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.ReplayOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.Mode;
import dev.metric.mode.replay.ReplayConfig;
import dev.metric.mode.replay.ReplayMode;
import dev.metric.mode.replay.ReplayResult;
import dev.metric.workload.DataSpec;
import dev.metric.workload.SizeDistribution;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
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

    @Mixin
    ReplayOptions replay;

    @Option(names = {"--threads", "-t"}, paramLabel = "N", defaultValue = "1",
            description = "Client threads (default: ${DEFAULT-VALUE}); each key's commands go to one of the"
                    + " threads x --connections lanes.")
    int threads;

    @Option(names = {"--port", "-p"}, paramLabel = "PORT", description = "Server port (default: 6379).")
    Integer port;

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
    ResultFiles files;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    DryRun dryRun;

    @Override
    int threads() {
        return threads;
    }

    @Override
    Integer port() {
        return port;
    }

    @Override
    Instant trafficStart() {
        return generator.check(spec, files);
    }

    @Override
    String runId() {
        return generator.runId();
    }

    /** With --print-results, the JSON result and the interval log as framed blocks. */
    @Override
    void afterOutputs(PrintWriter out) throws IOException {
        generator.printResults(files, out);
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
        // Generators replaying one trace write keys of their own only in databases of their own.
        int index = generator.index();
        if (index > 0 && (settings.cluster() || settings.protocol() == Protocol.MEMCACHED)) {
            throw new IllegalArgumentException("--index-env gives each replay the database --db + INDEX, and "
                    + (settings.cluster() ? "a Redis Cluster" : "memcached") + " has one only: generators replaying"
                    + " one trace there would write the same keys");
        }
        ClientSettings own = index == 0 ? settings : settings.withDatabase(settings.database() + index);
        return replay.builder(file, client.library(own.protocol()), own, threads, client.engine,
                        client.connections)
                .warmValueSizes(SizeDistribution.parse("--value-size", warmValueSizes, DataSpec.MAX_VALUE_BYTES))
                .flush(FlushPolicy.of(flush, yes))
                .build();
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, ReplayConfig config) {
        return DryRun.replay(server, endpoint.withDatabase(config.client().database()), files, config);
    }
}
