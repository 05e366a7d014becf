package dev.metric.cli.command;

import dev.metric.cli.option.LoadShape;
import dev.metric.cli.option.OutputOptions;
import dev.metric.cli.option.ResultFiles;
import dev.metric.cli.option.ValueTypeOptions;
import dev.metric.cli.option.WorkloadOptions;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.config.DataSetConfig;
import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.report.MarkdownTable;
import dev.metric.result.RunResult;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * The command of a mode that writes its data set and verifies what it reads (mode1, mode2): on
 * top of every mode's path, value types, {@code --markdown} and {@code --no-breakdown}. A command
 * declares its mode's own options and the ones listed after them in its help, and hands them over
 * here; its mode has a {@link Mode#markdown} row.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class WorkloadCommand<C extends DataSetConfig, R extends RunResult> extends DataSetCommand<C, R> {

    @Mixin
    LoadShape.Threads shape;

    @Mixin
    ValueTypeOptions types;

    @Override
    final LoadShape shape() {
        return shape;
    }

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
                ? MarkdownTable.render(mode().markdown().markdownColumns(),
                        List.of(mode().markdown().markdownRow(result)))
                : super.printed(result, percentiles);
    }
}
