package dev.metric.cli.command;

import dev.metric.cli.option.CommandTemplates;
import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.TemplateOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.mode.Mode;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateMode;
import dev.metric.mode.template.TemplateResult;
import dev.metric.sweep.SweepCell;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code metric sweep run <kkeys> [port] --command ...}: the user's commands over clients, pool sizes and threads. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Run your own --command templates, as metric run does (warm-up, measured time, or a capacity search),"
                    + " for every client, pool size and thread count, --repeat times; print the comparison and keep"
                    + " every run in --out.",
            "Nothing is written before the runs and nothing is deleted unless --flush is given (before the first)."
        })
final class SweepRunCommand extends SweepModeCommand<TemplateConfig, TemplateResult> {

    @Mixin
    CommandTemplates commands;

    @Mixin
    TemplateOptions timing;

    @Override
    Mode<TemplateConfig, TemplateResult> mode() {
        return TemplateMode.MODE;
    }

    @Override
    String acrossRuns() {
        return "every run sends the templates over the data set; only the first may flush";
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, TemplateConfig config) {
        return DryRun.template(server, endpoint, data, null, config);
    }

    /** Only the first run may flush; every later one finds the keys the runs before it wrote. */
    @Override
    TemplateConfig config(SweepCell cell, ClientSettings settings, boolean first) {
        // A sweep compares clients and pools as applications use them: a thread per connection.
        return timing.config(cell.library(), settings, cell.threads(), EngineKind.THREADS, 1,
                data.spec(sweep.kkeys(), sweep.portArgument()), data.flushPolicy(first),
                commands.templates(timing::pattern), null).toBuilder().templateOrder(commands.order()).build();
    }
}
