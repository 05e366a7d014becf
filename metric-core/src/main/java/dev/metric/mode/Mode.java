package dev.metric.mode;

import dev.metric.config.RunConfig;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.result.RunResult;
import dev.metric.run.RunContext;
import java.util.List;

/**
 * A kind of run, from its configuration to every form its result takes: the text report and the
 * CSV rows. Each mode is one package under this one holding its configuration, runner, result and
 * renderings, and one implementation of this interface (and of {@link MarkdownRows} when its runs
 * are rows of the write-up's table); the command line runs every mode through the same path.
 *
 * @param <C> the mode's configuration
 * @param <R> the mode's result
 */
public interface Mode<C extends RunConfig, R extends RunResult> {

    /** The mode's name: its command and the {@code mode} of its results. */
    String name();

    /** What the interval log's header says its latencies and tags are. */
    String intervalLogComment();

    /**
     * Runs {@code config} to the end, or until stopped.
     *
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     */
    R run(C config, RunContext context) throws InterruptedException;

    /** The text report of a result, latencies with the default percentiles and {@code percentiles}. */
    String report(R result, Percentiles percentiles);

    /** The columns of the mode's CSV file. */
    CsvTable csvTable(Percentiles percentiles);

    /** A result's rows of {@link #csvTable}. */
    List<List<String>> csvRows(R result, Percentiles percentiles);
}
