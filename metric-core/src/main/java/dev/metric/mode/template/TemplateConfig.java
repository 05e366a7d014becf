package dev.metric.mode.template;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.MemcachedCommand;
import dev.metric.client.Protocol;
import dev.metric.config.ClientLanes;
import dev.metric.config.DataSetConfig;
import dev.metric.config.FlushPolicy;
import dev.metric.config.PacedRunBuilder;
import dev.metric.config.ReadFrom;
import dev.metric.config.ReplicaChoice;
import dev.metric.config.RunLimits;
import dev.metric.config.TrafficPlan;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
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
 * @param clientLanes      the library, connection settings, threads, connections per thread, engine and
 *                         requests in flight per connection
 * @param data             the keys and values the placeholders stand for
 * @param templates        the commands, each with its weight
 * @param keyDistribution  how the keys of the placeholders spread over the data set
 * @param flush            whether to FLUSHDB the database first
 * @param plan             how long the traffic runs and at what pace
 * @param progressInterval how often progress lines are printed
 * @param readFrom         where the templates of commands the server flags read-only go: the primary,
 *                         the replicas it lists, or either
 * @param requests         the requests that bound the run in place of its duration (memtier's
 *                         {@code -n}), or null for a run of the plan's duration
 * @param templateOrder    whether each lane draws its templates by weight or sends them in turn
 */
public record TemplateConfig(@JsonUnwrapped ClientLanes clientLanes, DataSpec data, List<CommandTemplate> templates,
                             KeyDistribution keyDistribution, FlushPolicy flush, @JsonUnwrapped TrafficPlan plan,
                             Duration progressInterval, ReadFrom readFrom, RequestCount requests,
                             TemplateOrder templateOrder)
        implements DataSetConfig {

    /**
     * Refuses a template memcached cannot run: a command that is not one of {@link MemcachedCommand}'s,
     * a wrong number of arguments, or a TTL or number that is not a whole number written out.
     */
    private static void checkMemcached(CommandTemplate template) {
        List<String> words = template.words();
        MemcachedCommand command = MemcachedCommand.named(words.get(0)).orElseThrow(() -> SettingException.of(
                Setting.COMMAND, " '" + template.text().strip() + "': memcached has no " + words.get(0) + " here; a"
                        + " template sends one of " + MemcachedCommand.names()));
        require(command.takes(words.size() - 1), Setting.COMMAND, " '" + template.text().strip() + "': "
                + words.get(0) + " takes " + command.usage());
        boolean numberLast = command == MemcachedCommand.TOUCH || command == MemcachedCommand.INCR
                || command == MemcachedCommand.DECR || words.size() == 4;
        String last = words.get(words.size() - 1);
        require(!numberLast || last.matches("\\d{1,9}"), Setting.COMMAND, " '" + template.text().strip()
                + "': its last argument is a whole number of at most 9 digits, got " + last);
    }

    /** The most templates a run takes. */
    public static final int MAX_TEMPLATES = 100;

    public TemplateConfig {
        ClientSettings client = clientLanes.client();
        RunLimits.checkProtocol(clientLanes, data, false);
        RunLimits.checkFlushPrefix(flush, data);
        if (client.protocol() == Protocol.MEMCACHED) {
            templates.forEach(TemplateConfig::checkMemcached);
        }
        require(!templates.isEmpty(), Setting.TEMPLATE_RUN, " needs at least one ", Setting.COMMAND, ", e.g. ",
                Setting.COMMAND, " \"GET __key__\"");
        require(templates.size() <= MAX_TEMPLATES, "at most " + MAX_TEMPLATES + " ", Setting.COMMAND,
                " templates, got " + templates.size());
        require(!client.cluster() || templates.stream().allMatch(CommandTemplate::hasKey), "on a cluster every ",
                Setting.COMMAND, " needs " + CommandTemplate.KEY + ", which routes it to its node");
        RunLimits.checkReadFrom(readFrom, clientLanes);
        require(templateOrder != null, "a template order, drawn or in turn");
        if (templateOrder == TemplateOrder.FOLLOWING_CURSOR) {
            checkFollowingCursor(templates, clientLanes);
        }
        if (requests != null) {
            checkRequests(requests, clientLanes, data, templates, keyDistribution, plan);
        }
        templates = List.copyOf(templates);
    }

    /**
     * What following SCAN's cursor needs, as memtier_benchmark's {@code --scan-incremental-iteration}
     * does: one template, a SCAN from cursor 0, one request in flight, one server.
     */
    private static void checkFollowingCursor(List<CommandTemplate> templates, ClientLanes lanes) {
        List<String> words = templates.get(0).words();
        require(templates.size() == 1 && words.size() >= 2 && words.get(0).equalsIgnoreCase("SCAN")
                && words.get(1).equals("0"), Setting.SCAN_CURSOR, " follows the cursor of one ", Setting.COMMAND,
                " \"SCAN 0 ...\", not " + templates.size() + " templates beginning with " + words.get(0));
        require(lanes.inflight() == 1, Setting.SCAN_CURSOR, " sends each SCAN after the one before: with one"
                + " request in flight (", Setting.INFLIGHT, " 1), not " + lanes.inflight());
        require(!lanes.client().cluster(), Setting.SCAN_CURSOR, " follows one server's cursor: not on a cluster");
    }

    /**
     * What a run bounded by requests cannot be: searched, warmed up (memtier measures every request
     * it sends), or, for each key once, anything but each lane walking its own part of the keys.
     */
    private static void checkRequests(RequestCount requests, ClientLanes lanes, DataSpec data,
                                      List<CommandTemplate> templates, KeyDistribution keys, TrafficPlan plan) {
        require(plan.search() == null, Setting.REQUESTS, " bounds a run by its requests: not with ",
                Setting.SEARCH);
        require(plan.warmup().isZero(), Setting.REQUESTS, " measures every request it sends, as memtier_benchmark"
                + " does: not with a warm-up (", Setting.WARMUP_TIME, ")");
        if (requests.allKeys()) {
            require(templates.size() == 1, Setting.REQUESTS, " allkeys sends each key once, with one ", Setting.COMMAND,
                    ", not " + templates.size());
            require(templates.get(0).keyCount() == 1, Setting.REQUESTS, " allkeys sends each key once: with a ",
                    Setting.COMMAND, " of one " + CommandTemplate.KEY + ", not " + templates.get(0).keyCount());
            for (KeyDistribution drawn : templates.stream().map(template -> template.keys() == null ? keys
                    : template.keys()).toList()) {
                require(drawn instanceof KeyDistribution.Parallel, Setting.REQUESTS, " allkeys sends each key once,"
                        + " each lane through its own part of the keys: with the parallel key distribution, not "
                        + drawn.describe());
            }
            require(lanes.count() <= data.keys(), Setting.REQUESTS, " allkeys gives each lane a part of the keys: "
                    + data.keys() + " keys are too few for " + lanes.count() + " lanes");
        }
    }

    /** The measured length: the plan's duration, or none when requests bound the run. */
    public Duration length() {
        return requests == null ? plan.duration() : null;
    }

    /** The replicas the server lists, when the reads go to them; none otherwise. */
    @Override
    public ReplicaChoice replicas() {
        return readFrom.replicas() ? ReplicaChoice.FOUND : ReplicaChoice.NONE;
    }

    /** The keys and values the placeholders take. */
    public DataSet dataSet() {
        return new DataSet(data);
    }

    /** A configuration built by name from {@link Builder}'s defaults; {@code build()} checks it. */
    public static Builder builder(ClientLibrary library, ClientSettings client, List<CommandTemplate> templates) {
        return new Builder(library, client, templates);
    }

    /** A builder that starts from this configuration, to change part of it by name. */
    public Builder toBuilder() {
        Builder builder = new Builder(library(), client(), templates);
        builder.lanes(clientLanes);
        builder.data(data);
        builder.keyDistribution = keyDistribution;
        builder.flush(flush);
        builder.plan(plan);
        builder.progressInterval(progressInterval);
        builder.readFrom = readFrom;
        builder.requests = requests;
        builder.templateOrder = templateOrder;
        return builder;
    }

    /**
     * Builds a {@link TemplateConfig} by name. Unless set: one lane; 1 kkey of seed 1; uniform keys;
     * the command line's duration (10 s) and warm-up (2 s); one request in flight, a closed loop at
     * an even schedule, no search; no flush; progress every second.
     */
    public static final class Builder extends PacedRunBuilder<Builder> {

        private List<CommandTemplate> templates;
        private KeyDistribution keyDistribution = new KeyDistribution.Uniform();
        private ReadFrom readFrom = ReadFrom.PRIMARY;
        private RequestCount requests = null;
        private TemplateOrder templateOrder = TemplateOrder.DRAWN;

        private Builder(ClientLibrary library, ClientSettings client, List<CommandTemplate> templates) {
            super(library, client, Duration.ofSeconds(10), Duration.ofSeconds(2));
            this.templates = templates;
        }

        public Builder templates(List<CommandTemplate> templates) {
            this.templates = templates;
            return this;
        }

        public Builder keyDistribution(KeyDistribution keyDistribution) {
            this.keyDistribution = keyDistribution;
            return this;
        }

        /** Where the read-only templates go: the primary, the default, its replicas, or either. */
        public Builder readFrom(ReadFrom readFrom) {
            this.readFrom = readFrom;
            return this;
        }

        /** Requests that bound the run in place of its duration; null, the default, runs for the duration. */
        public Builder requests(RequestCount requests) {
            this.requests = requests;
            return this;
        }

        /** Whether each lane draws its templates by weight, the default, or sends them in turn. */
        public Builder templateOrder(TemplateOrder templateOrder) {
            this.templateOrder = templateOrder;
            return this;
        }

        /** The configuration, checked: an {@link IllegalArgumentException} says what is wrong. */
        public TemplateConfig build() {
            return new TemplateConfig(clientLanes(), data, templates, keyDistribution, flush, plan(),
                    progressInterval, readFrom, requests, templateOrder);
        }
    }
}
