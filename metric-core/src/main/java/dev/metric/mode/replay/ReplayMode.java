package dev.metric.mode.replay;

import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.run.RunContext;
import java.util.List;

/** {@code replay}: the commands of a trace, each key's in order on one connection, timed and checked. */
public final class ReplayMode implements Mode<ReplayConfig, ReplayResult> {

    /** The mode's name. */
    public static final String NAME = "replay";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String intervalLogComment() {
        return "metric replay: latencies in nanoseconds, tag cN for the N-th command name of the trace";
    }

    @Override
    public ReplayResult run(ReplayConfig config, RunContext context) throws InterruptedException {
        return new ReplayRunner(config, context).run();
    }

    @Override
    public String report(ReplayResult result, Percentiles percentiles) {
        return ReplayReport.render(result, percentiles);
    }

    @Override
    public CsvTable csvTable(Percentiles percentiles) {
        return ReplayCsv.table(percentiles);
    }

    /** A row per command name. */
    @Override
    public List<List<String>> csvRows(ReplayResult result, Percentiles percentiles) {
        return ReplayCsv.rows(result, percentiles);
    }
}
