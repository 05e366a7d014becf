package dev.metric.mode.template;

import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.OperationColumns;
import dev.metric.report.RunColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** {@code metric run} as CSV: one row per template of each run, under the columns every mode starts with. */
public final class TemplateCsv {

    private TemplateCsv() {
    }

    /**
     * The columns: fixed for the default percentiles (add new ones at the end, never rename or
     * reorder); other {@code --percentiles} change the latency columns, and so the header.
     */
    public static CsvTable table(Percentiles percentiles) {
        return new CsvTable(header(percentiles));
    }

    private static List<String> header(Percentiles percentiles) {
        List<String> header = new ArrayList<>(RunColumns.SETTING);
        header.addAll(List.of("threads", "keys", "seed"));
        header.addAll(RunColumns.DATA);
        header.addAll(List.of("key_distribution", "inflight", "target_ops_per_sec", "duration_sec", "template",
                "weight"));
        header.addAll(OperationColumns.csvHeader(percentiles));
        header.addAll(List.of("reply_types", "server_calls", "passed"));
        return header;
    }

    /** One row per template of {@code result}, in the order they were given, under {@link #table}'s columns. */
    public static List<List<String>> rows(TemplateResult result, Percentiles percentiles) {
        TemplateConfig config = result.config();
        List<String> run = new ArrayList<>(RunColumns.setting(result.header(), config.client().database()));
        run.addAll(List.of(Integer.toString(config.threads()), Integer.toString(config.data().keys()),
                Long.toString(config.data().seed())));
        run.addAll(RunColumns.data(config.data()));
        run.addAll(List.of(config.keyDistribution().describe(), Integer.toString(config.inflight()),
                result.trafficTargetOpsPerSec() > 0 ? CsvTable.number(result.trafficTargetOpsPerSec(), 0) : "",
                CsvTable.number(result.traffic().schedule().durationSec(), 3)));
        List<List<String>> rows = new ArrayList<>();
        for (TemplateFigures template : result.traffic().templates()) {
            List<String> row = new ArrayList<>(run);
            row.addAll(List.of(template.template(), Long.toString(template.weight())));
            row.addAll(OperationColumns.csvCells(template.row(), percentiles));
            row.addAll(List.of(template.replyTypes().entrySet().stream()
                            .map(type -> type.getKey() + "=" + type.getValue()).collect(Collectors.joining(" ")),
                    OperationColumns.csvServerCalls(template.row()), Boolean.toString(result.passed())));
            rows.add(row);
        }
        return rows;
    }
}
