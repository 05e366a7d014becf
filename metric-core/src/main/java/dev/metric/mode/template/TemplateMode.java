package dev.metric.mode.template;

import dev.metric.mode.Mode;

/** {@code run}: the user's own command templates, each with its weight, timed like mode2's traffic. */
public final class TemplateMode {

    /** The mode's name. */
    public static final String NAME = "run";

    /** The mode: a row per template in the CSV. */
    public static final Mode<TemplateConfig, TemplateResult> MODE = new Mode<>(NAME,
            "metric run: latencies in nanoseconds, tag tN for the N-th --command",
            (config, context) -> new TemplateRunner(config, context).run(), TemplateReport::render,
            TemplateCsv::table, TemplateCsv::rows, null);

    private TemplateMode() {
    }
}
