package dev.metric.run;

import static dev.metric.run.RunLimits.require;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import java.time.Duration;
import java.util.List;

/**
 * Everything that defines a run of the user's own commands ({@code metric run}), printed with
 * its result.
 *
 * @param library          client library
 * @param client           connection, pool and timeouts
 * @param threads          lanes of requests, 1 to {@value RunLimits#MAX_THREADS}
 * @param data             the keys and values the placeholders stand for
 * @param templates        the commands, each with its weight
 * @param keyDistribution  how the keys of the placeholders spread over the data set
 * @param flush            whether to FLUSHDB the database first
 * @param duration         measured traffic, after the warm-up
 * @param warmup           traffic before measuring, left out of the figures
 * @param inflight         requests each lane keeps outstanding
 * @param rateOpsPerSec    target rate for all lanes together, 0 for a closed loop
 * @param progressInterval how often progress lines are printed
 */
public record TemplateConfig(ClientLibrary library, ClientSettings client, int threads, DataSpec data,
                             List<CommandTemplate> templates, KeyDistribution keyDistribution, FlushPolicy flush,
                             Duration duration, Duration warmup, int inflight, double rateOpsPerSec,
                             Duration progressInterval) {

    /** The most templates a run takes. */
    public static final int MAX_TEMPLATES = 100;

    public TemplateConfig {
        RunLimits.checkThreads(threads);
        require(!templates.isEmpty(), "metric run needs at least one --command, e.g. --command \"GET __key__\"");
        require(templates.size() <= MAX_TEMPLATES, "at most " + MAX_TEMPLATES + " --command templates, got "
                + templates.size());
        require(!duration.isNegative() && !duration.isZero(), "duration must be positive");
        require(!warmup.isNegative(), "warm-up must be 0 or more seconds");
        RunLimits.checkInflight(inflight);
        require(rateOpsPerSec == 0 || rateOpsPerSec >= 1 && !Double.isInfinite(rateOpsPerSec),
                "rate must be at least 1 operation per second, got " + rateOpsPerSec);
        require(!client.cluster() || templates.stream().allMatch(CommandTemplate::hasKey), "on a cluster every"
                + " --command needs " + CommandTemplate.KEY + ", which routes it to its node");
        RunLimits.checkClient(library, client, threads);
        templates = List.copyOf(templates);
    }

    /** The keys and values the placeholders take. */
    public DataSet dataSet() {
        return new DataSet(data);
    }
}
