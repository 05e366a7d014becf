package dev.metric.cli.command;

import dev.metric.cli.option.DataOptions;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.LoadShape;
import dev.metric.config.DataSetConfig;
import dev.metric.result.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;

/**
 * The command of a mode that works on metric's own data set (mode1, mode2, run, bench): the original
 * tool's positionals {@code <threads> <kkeys> [port]} and the data set's options, whose keys
 * {@code --cleanup} removes after the run.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
abstract class DataSetCommand<C extends DataSetConfig, R extends RunResult> extends ModeCommand<C, R> {

    @Mixin
    DataOptions data;

    /** The arguments {@code <threads> <kkeys> [port]} and the options that stand for them. */
    abstract LoadShape shape();

    @Override
    final int threads() {
        return shape().threads();
    }

    @Override
    final Integer port() {
        return shape().port(data);
    }

    /** Where the run stands among other load generators: --run-id, --start-at, --index-env, --print-results. */
    abstract GeneratorOptions generator();

    @Override
    final Instant trafficStart() {
        return generator().check(spec, data, files());
    }

    @Override
    final String runId() {
        return generator().runId();
    }

    /** With --print-results, the JSON result and the interval log as framed blocks. */
    @Override
    final void afterOutputs(PrintWriter out) throws IOException {
        generator().printResults(files(), out);
    }

    @Override
    final void cleanUpAfter(C config, boolean embedded, Consumer<String> progress) {
        data.cleanUpAfter(config.client(), config.data(), embedded, progress);
    }
}
