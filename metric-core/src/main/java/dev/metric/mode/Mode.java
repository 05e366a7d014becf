package dev.metric.mode;

import dev.metric.config.RunConfig;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.result.RunResult;
import dev.metric.run.RunContext;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A kind of run, from its configuration to every form its result takes: the text report and the
 * CSV rows. Each mode is one package under this one holding its configuration, runner, result and
 * renderings, and one of these values made of them; the command line runs every mode through the
 * same path.
 *
 * @param name               the mode's name: its command and the {@code mode} of its results
 * @param intervalLogComment what the interval log's header says its latencies and tags are
 * @param runner             runs a configuration to the end, or until stopped
 * @param reporter           the text report of a result, latencies with the default percentiles and
 *                           the chosen ones
 * @param columns            the columns of the mode's CSV file, for the chosen percentiles
 * @param rows               a result's rows under {@code columns}
 * @param markdown           a result as a row of the write-up's table, for a mode whose runs are
 *                           such rows ({@code --markdown}); null for the others
 * @param <C>                the mode's configuration
 * @param <R>                the mode's result
 */
public record Mode<C extends RunConfig, R extends RunResult>(String name, String intervalLogComment,
                                                               Runner<C, R> runner,
                                                               BiFunction<R, Percentiles, String> reporter,
                                                               Function<Percentiles, CsvTable> columns,
                                                               BiFunction<R, Percentiles, List<List<String>>> rows,
                                                               MarkdownRows<R> markdown) {

    /** What runs a configuration of the mode. */
    @FunctionalInterface
    public interface Runner<C, R> {
        /**
         * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
         * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
         */
        R run(C config, RunContext context) throws InterruptedException;
    }

    /** Runs {@code config} to the end, or until stopped. */
    public R run(C config, RunContext context) throws InterruptedException {
        return runner.run(config, context);
    }

    /** The text report of {@code result}, latencies with the default percentiles and {@code percentiles}. */
    public String report(R result, Percentiles percentiles) {
        return reporter.apply(result, percentiles);
    }

    /** The columns of the mode's CSV file. */
    public CsvTable csvTable(Percentiles percentiles) {
        return columns.apply(percentiles);
    }

    /** {@code result}'s rows of {@link #csvTable}. */
    public List<List<String>> csvRows(R result, Percentiles percentiles) {
        return rows.apply(result, percentiles);
    }
}
