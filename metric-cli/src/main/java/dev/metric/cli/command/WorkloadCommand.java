package dev.metric.cli.command;

import dev.metric.cli.option.LoadShape;
import dev.metric.cli.option.OutputOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.ValueTypeOptions;
import dev.metric.cli.option.WorkloadOptions;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.config.DataSetConfig;
import dev.metric.mode.MarkdownRows;
import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.report.MarkdownTable;
import dev.metric.result.RunResult;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * The command of a mode that writes its data set and verifies what it reads (mode1, mode2): on
 * top of every mode's path, value types, {@code --markdown} and {@code --no-breakdown}, and the
 * options that make the run one of several load generators. A command declares its mode's own
 * options and the ones listed after them in its help, and hands them over here.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 * @param <M> the mode
 */
abstract class WorkloadCommand<C extends DataSetConfig, R extends RunResult, M extends Mode<C, R> & MarkdownRows<R>>
        extends DataSetCommand<C, R> {

    @Mixin
    LoadShape.Threads shape;

    @Mixin
    ValueTypeOptions types;

    @Override
    final LoadShape shape() {
        return shape;
    }

    @Override
    abstract M mode();

    /** The mode's own options. */
    abstract WorkloadOptions<C> workload();

    abstract OutputOptions output();

    @Override
    final ResultFiles files() {
        return output().files;
    }

    @Override
    final C config(ClientSettings settings) {
        // memcached's runs give the server's CPU per request instead: the breakdown's probe times RESP codecs.
        boolean breakdown = !output().noBreakdown && settings.protocol() == Protocol.REDIS;
        return workload().config(client.library(settings.protocol()), settings, shape.threads(), client.engine,
                client.connections, types.applyTo(data.spec(shape.kkeys(), shape.portArgument())), data.flushPolicy(),
                workload().skipLoad(), breakdown);
    }

    /** The report, or with --markdown the run's row of the write-up's table. */
    @Override
    final String printed(R result, Percentiles percentiles) {
        return output().markdown
                ? MarkdownTable.render(mode().markdownColumns(), List.of(mode().markdownRow(result)))
                : super.printed(result, percentiles);
    }
}
