package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.RunLimits;
import dev.metric.config.TemplateConfig;
import dev.metric.pacing.TargetRate;
import dev.metric.record.Percentiles;
import dev.metric.report.TemplateCsv;
import dev.metric.report.TemplateReport;
import dev.metric.result.TemplateResult;
import dev.metric.run.TemplateRunner;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code metric run <threads> <kkeys> [port] --command ...}: the user's own commands, timed, not verified. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Send your own commands, each a --command template such as \"HSET __key__ f __value__\", drawn by"
                    + " --weights; __key__ is a key of the data set (--keys or <kkeys>, --key-prefix, --key-size,"
                    + " --key-dist) and __value__ its value (--value-size).",
            "Timed like mode2 (closed loop, or --rate with response time from each request's intended start);"
                    + " each reply's type is counted and an error reply fails the run, but no value is verified.",
            "Nothing is written before the run and nothing is deleted unless --flush is given.",
            "Exit codes: 0 every request answered without an error, 1 errors or requests never sent, 2 bad"
                    + " options, 3 server unreachable."
        })
final class RunCommand implements Callable<Integer> {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);

    @Mixin
    LoadShape shape;

    @Mixin
    ServerOptions server;

    @Mixin
    ClientOptions client;

    @Mixin
    DataOptions data;

    @Option(names = "--command", paramLabel = "TEMPLATE", required = true,
            description = "A command, its words separated by spaces; __key__ and __value__ are filled in for each"
                    + " request. Repeat for several.")
    List<String> commands;

    @Option(names = "--weights", paramLabel = "W,W...",
            description = "How often each --command is sent relative to the others, in their order"
                    + " (default: all 1).")
    String weights;

    @Mixin
    KeyDistributionOptions keys;

    @Option(names = "--duration", paramLabel = "T", defaultValue = "10s", converter = QuantityConverters.Seconds.class,
            description = "Time measured, e.g. 30s or 2m; a bare number is seconds (default: ${DEFAULT-VALUE}).")
    Duration duration;

    private static final Duration WARMUP_TIME = Duration.ofSeconds(2);

    @Option(names = "--warmup-time", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "Traffic first, left out of the figures (default: 2s). --warmup is its old name, still"
                    + " accepted.")
    Duration warmup;

    @Option(names = "--warmup", paramLabel = "T", hidden = true, converter = QuantityConverters.Seconds.class,
            description = "The old name of --warmup-time.")
    Duration oldWarmup;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Requests each thread keeps outstanding (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Option(names = "--rate", paramLabel = "R", converter = QuantityConverters.Rate.class,
            description = "Target requests per second for all threads together (open loop), e.g. 5000 or 5k;"
                    + " default: closed loop.")
    Double rate;

    @Mixin
    ResultFiles files;

    @Mixin
    DryRun dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        ServerOptions.Endpoint endpoint = server.endpoint(data.port(shape.kkeys, shape.port), spec);
        TemplateConfig checked = configAt(endpoint.address());
        if (dryRun.requested) {
            return DryRun.print(spec.commandLine().getOut(), "run",
                    DryRun.template(server, endpoint, data, files, checked));
        }
        Consumer<String> progress = files.progress(err);
        return TargetRun.on(server, endpoint, err, (address, embedded, control) -> {
            TemplateConfig config = configAt(address);
            TemplateResult result = files.withIntervalLog("metric run: latencies in nanoseconds, tag tN for the N-th"
                    + " --command", err, log -> new TemplateRunner(config, embedded, progress, log, control).run());
            TerminalProgress.finish(progress);
            Percentiles percentiles = files.percentiles();
            spec.commandLine().getOut().print(TemplateReport.render(result, percentiles));
            spec.commandLine().getOut().flush();
            files.write(result, null, TemplateCsv.table(percentiles), TemplateCsv.rows(result, percentiles), err);
            data.cleanUpAfter(config.client(), embedded, progress);
            return result.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        });
    }

    /** The configuration the options describe, aimed at {@code address}; bad values are usage errors. */
    private TemplateConfig configAt(ServerAddress address) {
        try {
            RunLimits.checkThreads(shape.threads);
            files.checkWritable(TemplateCsv.table(files.percentiles()));
            ClientSettings settings = client.settings(server, address, shape.threads);
            DataSpec spec = data.spec(shape.kkeys, shape.port);
            return TemplateConfig.builder(client.library, settings, templates())
                    .threads(shape.threads)
                    .engine(client.engine)
                    .connections(client.connections)
                    .data(spec)
                    .keyDistribution(keys.distribution())
                    .flush(data.flushPolicy())
                    .duration(QuantityConverters.wholeSeconds("--duration", duration, 1))
                    .warmup(QuantityConverters.wholeSeconds("--warmup-time",
                            RenamedOption.value("--warmup-time", warmup, "--warmup", oldWarmup, WARMUP_TIME), 0))
                    .inflight(inflight)
                    .rate(rate == null ? TargetRate.CLOSED_LOOP : new TargetRate(rate))
                    .progressInterval(PROGRESS_INTERVAL)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }

    /** The templates with their weights; a weight list of another length than the templates is refused. */
    private List<CommandTemplate> templates() {
        List<Integer> parsed = new ArrayList<>();
        if (weights != null) {
            for (String weight : OptionLists.items("--weights", weights)) {
                parsed.add(OptionLists.wholeNumber("--weights", weight, 1));
            }
            if (parsed.size() != commands.size()) {
                throw new IllegalArgumentException("--weights has " + parsed.size() + " weights for "
                        + commands.size() + " --command templates");
            }
        }
        List<CommandTemplate> templates = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            templates.add(new CommandTemplate(commands.get(i), weights == null ? 1 : parsed.get(i)));
        }
        return templates;
    }
}
