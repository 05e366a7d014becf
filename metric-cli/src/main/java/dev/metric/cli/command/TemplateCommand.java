package dev.metric.cli.command;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.convert.RenamedOption;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.KeyDistributionOptions;
import dev.metric.cli.option.PaceOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.SearchOptions;
import dev.metric.client.ClientSettings;
import dev.metric.config.DataSetConfig;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.result.RunResult;
import dev.metric.workload.CommandTemplate;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The command of a mode made of {@code metric run}s of command templates ({@code run}, {@code bench}):
 * the options of how each is timed, paced and written, which make its {@link TemplateConfig}.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class TemplateCommand<C extends DataSetConfig, R extends RunResult> extends DataSetCommand<C, R> {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);
    private static final Duration WARMUP_TIME = Duration.ofSeconds(2);

    @Mixin
    KeyDistributionOptions keys;

    @Option(names = {"--duration", "--test-time"}, paramLabel = "T", defaultValue = "10s",
            converter = QuantityConverters.Seconds.class,
            description = "Time measured, e.g. 30s or 2m; a bare number is seconds, as memtier_benchmark's"
                    + " --test-time, its other name (default: ${DEFAULT-VALUE}).")
    Duration duration;

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

    @Mixin
    PaceOptions pace;

    @Mixin
    SearchOptions search;

    @Mixin
    ResultFiles files;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    DryRun dryRun;

    @Override
    final ResultFiles files() {
        return files;
    }

    @Override
    final GeneratorOptions generator() {
        return generator;
    }

    @Override
    final DryRun dryRun() {
        return dryRun;
    }

    /** The warm-up and the measured time: how long the traffic is planned to take, without a search. */
    final Duration trafficTime() {
        return RenamedOption.value("--warmup-time", warmup, "--warmup", oldWarmup, WARMUP_TIME).plus(duration);
    }

    /** The configuration of a {@code metric run} of {@code templates} that the options describe. */
    final TemplateConfig templateConfig(ClientSettings settings, List<CommandTemplate> templates) {
        TemplateConfig.Builder builder = TemplateConfig.builder(client.library(settings.protocol()), settings,
                templates)
                .threads(shape().threads())
                .engine(client.engine)
                .connections(client.connections)
                .data(data.spec(shape().kkeys(), shape().portArgument()))
                .keyDistribution(keys.distribution())
                .flush(data.flushPolicy())
                .duration(QuantityConverters.wholeSeconds("--duration", duration, 1))
                .warmup(QuantityConverters.wholeSeconds("--warmup-time",
                        RenamedOption.value("--warmup-time", warmup, "--warmup", oldWarmup, WARMUP_TIME), 0))
                .inflight(inflight)
                .progressInterval(PROGRESS_INTERVAL);
        return search.applyTo(pace.applyTo(builder)).build();
    }
}
