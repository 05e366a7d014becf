package dev.metric.cli.command;

import dev.metric.cli.convert.ReadFromConverter;
import dev.metric.cli.option.CommandTemplates;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.KeyNumberOptions;
import dev.metric.cli.option.LoadShape;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.config.ReadFrom;
import dev.metric.mode.Mode;
import dev.metric.mode.template.RequestCount;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateMode;
import dev.metric.mode.template.TemplateResult;
import dev.metric.workload.DataSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code metric run <threads> <kkeys> [port] --command ...}: the user's own commands, timed, not verified. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Send your own commands, each a --command template such as \"HSET __key__ f __value__\", drawn by"
                    + " --weights; __key__ is a key of the data set (--keys or <kkeys>, --key-prefix, --key-size,"
                    + " --key-dist; or memtier_benchmark's names, --key-minimum to --key-maximum) and __value__ its"
                    + " value (--value-size).",
            "Timed like mode2 (closed loop, or --rate with response time from each request's intended start);"
                    + " each reply's type is counted and an error reply fails the run, but no value is verified.",
            "Nothing is written before the run and nothing is deleted unless --flush is given.",
            "Exit codes: 0 every request answered without an error, 1 errors or requests never sent, 2 bad"
                    + " options, 3 server unreachable."
        })
public final class RunCommand extends TemplateCommand<TemplateConfig, TemplateResult> {

    @Mixin
    LoadShape.Threads shape;

    @Mixin
    CommandTemplates commands;

    @Mixin
    KeyNumberOptions keyNumbers;

    @Option(names = "--read-from", paramLabel = "primary|replicas|any", defaultValue = "primary",
            converter = ReadFromConverter.class,
            description = "Where the templates of commands the server flags read-only (GET, HGETALL, ...) go: the"
                    + " primary, the replicas it lists in INFO replication (each lane keeps a connection to one, the"
                    + " replicas taken in turn), or any (the primary or a replica at even odds); every other template"
                    + " goes to the primary. With --engine threads, on one Redis server (default: ${DEFAULT-VALUE}).")
    ReadFrom readFrom;

    @Option(names = {"-n", "--requests"}, paramLabel = "N|allkeys",
            description = "Bound the run by requests instead of time, as memtier_benchmark's -n: each lane (thread"
                    + " times --connections) sends N, or with allkeys each key once, the keys cut into one part per"
                    + " lane, each lane through its own (--key-dist parallel). Every request is measured: no"
                    + " warm-up unless --warmup-time is given (refused); not with --duration or --find-max.")
    String requests;

    @Override
    LoadShape shape() {
        return shape;
    }

    @Override
    Mode<TemplateConfig, TemplateResult> mode() {
        return TemplateMode.MODE;
    }

    @Override
    TemplateConfig config(ClientSettings settings) {
        return templateConfig(settings, commands.templates(timing::pattern), requestCount()).toBuilder()
                .readFrom(readFrom).templateOrder(commands.order()).build();
    }

    /** metric's keys, or memtier_benchmark's numbered names with --key-minimum or --key-maximum. */
    @Override
    DataSpec dataSpec() {
        return keyNumbers.spec(data, shape.kkeys(), shape.portArgument());
    }

    /** --requests: a count per lane, or allkeys; null when not given. */
    private RequestCount requestCount() {
        if (requests == null) {
            return null;
        }
        if ("allkeys".equalsIgnoreCase(requests.strip())) {
            return RequestCount.ALL_KEYS;
        }
        try {
            return RequestCount.perLane(Long.parseLong(requests.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--requests: expected a whole number or allkeys, got '" + requests
                    + "'");
        }
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, TemplateConfig config) {
        return DryRun.template(server, endpoint, data, files, config);
    }
}
