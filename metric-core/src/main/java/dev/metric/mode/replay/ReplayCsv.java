package dev.metric.mode.replay;

import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.OperationColumns;
import dev.metric.report.RunColumns;
import java.util.ArrayList;
import java.util.List;

/** {@code metric replay} as CSV: one row per command name of each replay, under the columns every mode starts with. */
public final class ReplayCsv {

    private ReplayCsv() {
    }

    /**
     * The columns: fixed for the default percentiles (add new ones at the end, never rename or
     * reorder); other {@code --percentiles} change the latency columns, and so the header.
     */
    public static CsvTable table(Percentiles percentiles) {
        List<String> header = new ArrayList<>(RunColumns.SETTING);
        header.addAll(List.of("threads", "connections", "inflight", "trace", "trace_format", "trace_commands",
                "speed", "warm_keys", "warmup_commands", "duration_sec", "command"));
        header.addAll(OperationColumns.csvHeader(percentiles));
        header.addAll(List.of("server_calls", "reads_judged", "reads_failed", "passed"));
        return new CsvTable(header);
    }

    /** One row per command of {@code result}, in the order the trace first has them, under {@link #table}'s columns. */
    public static List<List<String>> rows(ReplayResult result, Percentiles percentiles) {
        ReplayConfig config = result.config();
        TraceSummary trace = config.trace().summary();
        List<String> run = new ArrayList<>(RunColumns.setting(result.header(), config.client().database()));
        run.addAll(List.of(Integer.toString(config.threads()), Integer.toString(config.connections()),
                Integer.toString(config.inflight()), trace.file(), trace.format().optionName(),
                Long.toString(trace.replayed().commands()), config.timed() ? CsvTable.number(config.speed(), 3) : "",
                Long.toString(result.unmeasured().warm().count()), Long.toString(result.unmeasured().warmup().count()),
                CsvTable.number(result.totals().durationSec(), 3)));
        List<List<String>> rows = new ArrayList<>();
        for (ReplayFigures command : result.commands()) {
            List<String> row = new ArrayList<>(run);
            row.add(command.command());
            row.addAll(OperationColumns.csvCells(command.row(), percentiles));
            row.addAll(List.of(OperationColumns.csvServerCalls(command.row()), Long.toString(result.check().judged()),
                    Long.toString(result.check().failed()), Boolean.toString(result.passed())));
            rows.add(row);
        }
        return rows;
    }
}
