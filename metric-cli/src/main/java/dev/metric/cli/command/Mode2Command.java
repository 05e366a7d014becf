package dev.metric.cli.command;

import dev.metric.cli.option.DryRun;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.option.Mode2Options;
import dev.metric.cli.option.OutputOptions;
import dev.metric.cli.option.ServerOptions;
import dev.metric.cli.option.WorkloadOptions;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.mode.Mode;
import dev.metric.mode.cache.CacheMode;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Result;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code metric mode2 <threads> <kkeys> [port]}: the cache workload, closed loop, at a rate, or a capacity search. */
@Command(name = "mode2", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Preload <kkeys> x 1024 keys with SETEX and TTLs from --ttl, then run GETs and SETEXs (--write-ratio)"
                    + " on keys from --key-dist; a GET that misses is followed by a refill SETEX, as a cache-aside"
                    + " application does. Every value names its key and version, so every hit is verified.",
            "Closed loop by default; --rate paces operations at a target rate and reports response time (from each"
                    + " operation's intended start) beside service time (from its send); --find-max searches for"
                    + " the highest rate that meets --slo.",
            "Nothing is deleted unless --flush is given. Progress goes to stderr every second, the report to stdout."
        })
public final class Mode2Command extends WorkloadCommand<Mode2Config, Mode2Result> {

    @Mixin
    Mode2Options mode2;

    @Mixin
    OutputOptions output;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    DryRun dryRun;

    @Override
    Mode<Mode2Config, Mode2Result> mode() {
        return CacheMode.MODE;
    }

    @Override
    WorkloadOptions<Mode2Config> workload() {
        return mode2;
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
    DryRun.Plan plan(ServerOptions.Endpoint endpoint, Mode2Config config) {
        return DryRun.mode2(server, endpoint, data, output.files, config);
    }
}
