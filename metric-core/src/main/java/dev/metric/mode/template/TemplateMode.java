package dev.metric.mode.template;

import dev.metric.mode.Mode;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.run.RunContext;
import java.util.List;

/** {@code run}: the user's own command templates, each with its weight, timed like mode2's traffic. */
public final class TemplateMode implements Mode<TemplateConfig, TemplateResult> {

    /** The mode's name. */
    public static final String NAME = "run";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String intervalLogComment() {
        return "metric run: latencies in nanoseconds, tag tN for the N-th --command";
    }

    @Override
    public TemplateResult run(TemplateConfig config, RunContext context) throws InterruptedException {
        return new TemplateRunner(config, context).run();
    }

    @Override
    public String report(TemplateResult result, Percentiles percentiles) {
        return TemplateReport.render(result, percentiles);
    }

    @Override
    public CsvTable csvTable(Percentiles percentiles) {
        return TemplateCsv.table(percentiles);
    }

    /** A row per template. */
    @Override
    public List<List<String>> csvRows(TemplateResult result, Percentiles percentiles) {
        return TemplateCsv.rows(result, percentiles);
    }
}
