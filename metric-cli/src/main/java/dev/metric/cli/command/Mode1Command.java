package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.Mode1Options;
import dev.metric.cli.option.OutputOptions;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.WorkloadOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.mode.Mode;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Result;
import dev.metric.mode.verify.VerifyMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code metric mode1 <threads> <kkeys> [port]}: write, then read back and verify every value. */
@Command(name = "mode1", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Write <kkeys> x 1024 random key/values (keys 20-200 bytes, values 200-2000 bytes, lengths uniform),"
                    + " then read keys chosen uniformly at random from <threads> threads, compare every value"
                    + " with what was written, and report requests per second and latency percentiles.",
            "Nothing is deleted unless --flush is given. Progress goes to stderr, the report to stdout."
        })
public final class Mode1Command extends WorkloadCommand<Mode1Config, Mode1Result> {

    @Mixin
    Mode1Options mode1;

    @Mixin
    OutputOptions output;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    DryRun dryRun;

    @Override
    Mode<Mode1Config, Mode1Result> mode() {
        return VerifyMode.MODE;
    }

    @Override
    WorkloadOptions<Mode1Config> workload() {
        return mode1;
    }

    @Override
    OutputOptions output() {
        return output;
    }

    @Override
    GeneratorOptions generator() {
        return generator;
    }

    @Override
    DryRun dryRun() {
        return dryRun;
    }

    @Override
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, Mode1Config config) {
        return DryRun.mode1(server, endpoint, data, output.files, config);
    }
}
