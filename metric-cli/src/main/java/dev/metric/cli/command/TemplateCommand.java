package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.TemplateOptions;
import dev.metric.client.ClientSettings;
import dev.metric.config.DataSetConfig;
import dev.metric.mode.template.RequestCount;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.result.RunResult;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * The command of a mode made of {@code metric run}s of command templates ({@code run}, {@code bench}):
 * the options of how each is timed, paced and written, which make its {@link TemplateConfig}.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class TemplateCommand<C extends DataSetConfig, R extends RunResult> extends DataSetCommand<C, R> {

    @Mixin
    TemplateOptions timing;

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

    /** The configuration of a {@code metric run} of {@code templates} that the options describe. */
    final TemplateConfig templateConfig(ClientSettings settings, List<CommandTemplate> templates) {
        return templateConfig(settings, templates, null);
    }

    /** As {@link #templateConfig(ClientSettings, List)}, bounded by {@code requests} when not null. */
    final TemplateConfig templateConfig(ClientSettings settings, List<CommandTemplate> templates,
                                        RequestCount requests) {
        return timing.config(client.library(settings.protocol()), settings, shape().threads(), client.engine,
                client.connections, dataSpec(), data.flushPolicy(), templates, requests);
    }

    /** The keys and values the options describe. */
    DataSpec dataSpec() {
        return data.spec(shape().kkeys(), shape().portArgument());
    }
}
