package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.LoadShape;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.mode.Mode;
import dev.metric.mode.bench.BenchConfig;
import dev.metric.mode.bench.BenchMode;
import dev.metric.mode.bench.BenchResult;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code metric bench <threads> <kkeys> [port] [-t set,get,...]}: redis-benchmark's tests, each in turn. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Run redis-benchmark's tests one after another, each a metric run of its one command over random keys"
                    + " of the data set (--keys or <kkeys>, --key-size, --value-size, --key-dist): warmed up, timed"
                    + " (closed loop, or --rate from each request's intended start) and counted by the server; a row"
                    + " per test.",
            "Each family of tests (strings, counters, lists, sets, hashes, sorted sets, streams) has keys of its"
                    + " own, and pops take what the pushes before them left; replies are counted by type, not"
                    + " verified. Nothing is deleted unless --flush or --cleanup is given.",
            "Exit codes: 0 every test's requests answered without an error, 1 errors or requests never sent, 2 bad"
                    + " options, 3 server unreachable."
        })
public final class BenchCommand extends TemplateCommand<BenchConfig, BenchResult> {

    @Mixin
    LoadShape.LongThreads shape;

    @Option(names = {"-t", "--tests"}, paramLabel = "TEST,TEST...",
            description = "The tests, in the order they run, by redis-benchmark's names: ping, set, get, incr,"
                    + " lpush, rpush, lpop, rpop, sadd, hset, spop, zadd, zpopmin, xadd (default: all of them;"
                    + " on a cluster all but ping).")
    String tests;

    @Override
    LoadShape shape() {
        return shape;
    }

    @Override
    Mode<BenchConfig, BenchResult> mode() {
        return BenchMode.MODE;
    }

    @Override
    BenchConfig config(ClientSettings settings) {
        List<BenchConfig.Test> chosen = tests == null ? BenchConfig.defaultTests(settings.cluster())
                : BenchConfig.Test.parse(tests);
        // The shape's own command is any keyed one: each test's run takes its own, and PING's refusal on a
        // cluster is BenchConfig's to give.
        return BenchConfig.of(chosen, templateConfig(settings, List.of(BenchConfig.Test.GET.command())));
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, BenchConfig config) {
        return DryRun.bench(server, endpoint, data, files, config);
    }
}
