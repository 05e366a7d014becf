package dev.metric.cli.option;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.template.RequestCount;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a run of command templates is timed and paced ({@code run}, {@code bench}, {@code sweep run}):
 * its keys' distribution, warm-up and measured time, requests in flight, rate and search, which
 * make its {@link TemplateConfig} with the templates and the lanes the command gives.
 */
public final class TemplateOptions {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);

    @Mixin
    KeyDistributionOptions keys;

    @Mixin
    TrafficTimeOptions time;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1",
            description = "Requests each connection keeps outstanding, each sent as a reply frees its place"
                    + " (memtier_benchmark's --pipeline; default: ${DEFAULT-VALUE}).")
    int inflight;

    @Mixin
    PaceOptions pace;

    @Mixin
    SearchOptions search;

    /** The distribution a memtier key pattern letter names, shaped by the key options: --command-key-pattern's. */
    public KeyDistribution pattern(String letter) {
        return keys.pattern(letter);
    }

    /** The warm-up and the measured time: how long the traffic is planned to take, without a search. */
    public Duration trafficTime() {
        return time.trafficTime(TrafficTimeOptions.TEMPLATES);
    }

    /**
     * The configuration of a run of {@code templates} over {@code data} with these options, bounded
     * by {@code requests} when not null: then without a warm-up and, for each key once, with each
     * lane walking its own part of the keys, unless the options say otherwise (which the
     * configuration refuses).
     *
     * @throws IllegalArgumentException with a one-line reason for a bad value
     */
    public TemplateConfig config(ClientLibrary library, ClientSettings settings, int threads, EngineKind engine,
                                 int connections, DataSpec data, FlushPolicy flush, List<CommandTemplate> templates,
                                 RequestCount requests) {
        TemplateConfig.Builder builder = time.applyTo(TemplateConfig.builder(library, settings, templates),
                        TrafficTimeOptions.TEMPLATES)
                .threads(threads)
                .engine(engine)
                .connections(connections)
                .data(data)
                .keyDistribution(keys.distribution(requests != null && requests.allKeys() ? "parallel" : "uniform",
                        templates.stream().map(CommandTemplate::keys).filter(Objects::nonNull).toList()))
                .flush(flush)
                .inflight(inflight)
                .progressInterval(PROGRESS_INTERVAL)
                .requests(requests);
        if (requests != null) {
            if (time.durationGiven()) {
                throw new IllegalArgumentException("--requests bounds the run by its requests: not with --duration"
                        + " (--test-time)");
            }
            if (!time.warmupGiven()) {
                builder.warmup(Duration.ZERO);
            }
        }
        return search.applyTo(pace.applyTo(builder)).build();
    }
}
