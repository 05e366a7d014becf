package dev.metric.mode.template;

import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.record.LatencySummary;
import dev.metric.result.ComponentsSet;
import dev.metric.result.Faults;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.RunResultBuilder;
import dev.metric.result.ServerDescription;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run of the user's commands measured. Timed and counted, never verified: the report
 * says so in its header, and {@link #passed} means only that every request got a reply that was
 * not an error.
 *
 * @param config               what was run
 * @param startedAt            when the run began
 * @param address              the server
 * @param server               its name, version and mode
 * @param client               the client library, version, protocol and pooling
 * @param environment          the JVM and machine
 * @param keysBefore           keys in the database before the run
 * @param warmupOps            requests of the warm-up, left out of the figures
 * @param durationSec          the measured traffic, from its start to its last reply
 * @param achievedOpsPerSec    requests per second of the measured traffic's planned length
 * @param unsentOps            requests due under the rate that the client never sent
 * @param templates            one row per template
 * @param all                  every request together
 * @param clientCpuMicrosPerOp CPU time of this process per measured request, -1 if unknown
 * @param firstError           the first failure, or null
 * @param faults               why the run stopped early, if it did, and the server's outages
 */
public record TemplateResult(TemplateConfig config, Instant startedAt, ServerAddress address,
                             ServerDescription server, ClientDescription client,
                             RunEnvironment environment, long keysBefore, long warmupOps, double durationSec,
                             double achievedOpsPerSec, long unsentOps, List<TemplateFigures> templates,
                             LatencySummary all, double clientCpuMicrosPerOp, String firstError, Faults faults)
        implements RunResult {

    @Override
    public String mode() {
        return TemplateMode.NAME;
    }

    /** Errors of all templates. */
    public long errors() {
        return templates.stream().mapToLong(TemplateFigures::errors).sum();
    }

    /** Every request was sent and got a reply that was not an error, and nothing stopped the run; else what not. */
    @Override
    public List<String> failures() {
        List<String> why = new ArrayList<>();
        if (!faults.ranToTheEnd()) {
            why.add("stopped early");
        }
        if (errors() > 0) {
            why.add(String.format(Locale.ROOT, "%,d failed requests", errors()));
        }
        if (unsentOps > 0) {
            why.add(String.format(Locale.ROOT, "%,d requests due never sent", unsentOps));
        }
        return why;
    }

    /** Whether {@link #failures} found none. */
    @Override
    public boolean passed() {
        return failures().isEmpty();
    }

    /** The measured requests; no value is verified. */
    @Override
    public ResultSummary summary() {
        return ResultSummary.of(mode(), "measured requests", achievedOpsPerSec, all, errors(),
                Verification.NOT_VERIFIED, 0, failures());
    }

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link TemplateResult} by name, so that no two figures can trade places unseen. */
    public static final class Builder extends RunResultBuilder<Builder> {

        private TemplateConfig config;
        private long warmupOps;
        private double durationSec;
        private double achievedOpsPerSec;
        private long unsentOps;
        private List<TemplateFigures> templates;
        private LatencySummary all;
        private double clientCpuMicrosPerOp;
        private String firstError;
        private Faults faults;

        private Builder() {
            super(new ComponentsSet("TemplateResult", List.of("config", "startedAt", "address", "server", "client",
                    "environment", "keysBefore", "warmupOps", "durationSec", "achievedOpsPerSec", "unsentOps",
                    "templates", "all", "clientCpuMicrosPerOp", "firstError", "faults")));
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder config(TemplateConfig config) {
            this.config = config;
            given.given(0);
            return this;
        }

        public Builder warmupOps(long warmupOps) {
            this.warmupOps = warmupOps;
            given.given(7);
            return this;
        }

        public Builder durationSec(double durationSec) {
            this.durationSec = durationSec;
            given.given(8);
            return this;
        }

        public Builder achievedOpsPerSec(double achievedOpsPerSec) {
            this.achievedOpsPerSec = achievedOpsPerSec;
            given.given(9);
            return this;
        }

        public Builder unsentOps(long unsentOps) {
            this.unsentOps = unsentOps;
            given.given(10);
            return this;
        }

        public Builder templates(List<TemplateFigures> templates) {
            this.templates = templates;
            given.given(11);
            return this;
        }

        public Builder all(LatencySummary all) {
            this.all = all;
            given.given(12);
            return this;
        }

        public Builder clientCpuMicrosPerOp(double clientCpuMicrosPerOp) {
            this.clientCpuMicrosPerOp = clientCpuMicrosPerOp;
            given.given(13);
            return this;
        }

        public Builder firstError(String firstError) {
            this.firstError = firstError;
            given.given(14);
            return this;
        }

        public Builder faults(Faults faults) {
            this.faults = faults;
            given.given(15);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public TemplateResult build() {
            given.requireAll();
            return new TemplateResult(config, startedAt, address, server, client, environment, keysBefore, warmupOps,
                    durationSec, achievedOpsPerSec, unsentOps, templates, all, clientCpuMicrosPerOp, firstError,
                    faults);
        }
    }
}
