package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import dev.metric.result.ClientWork;
import dev.metric.result.Faults;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunHeader;
import dev.metric.result.RunResult;
import dev.metric.result.ScheduleKept;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run of the user's commands measured. Timed and counted, never verified: the report
 * says so in its header, and {@link #passed} means only that every request got a reply that was
 * not an error.
 *
 * @param config               what was run
 * @param header               when, where, against what and with which client it ran
 * @param warmupOps            requests of the warm-up, left out of the figures
 * @param warmupSec            how long the warm-up took, flowing into the measurement
 * @param schedule             how long the measured traffic ran and how much of its schedule it kept
 * @param templates            one row per template
 * @param all                  every request together
 * @param work                 the client's CPU per measured request, and what its JVM did meanwhile
 * @param firstError           the first failure, or null
 * @param faults               why the run stopped early, if it did, and the server's outages
 */
public record TemplateResult(TemplateConfig config, @JsonUnwrapped RunHeader header, long warmupOps,
                             double warmupSec, @JsonUnwrapped ScheduleKept schedule, List<TemplateFigures> templates,
                             LatencySummary all, @JsonUnwrapped ClientWork work, String firstError, Faults faults)
        implements RunResult {

    @Override
    public String mode() {
        return TemplateMode.NAME;
    }

    /** Errors of all templates. */
    public long errors() {
        return templates.stream().mapToLong(template -> template.row().errors()).sum();
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
        if (schedule.unsentOps() > 0) {
            why.add(String.format(Locale.ROOT, "%,d requests due never sent", schedule.unsentOps()));
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
        return ResultSummary.of(mode(), "measured requests", schedule.achievedOpsPerSec(), all, errors(),
                Verification.NOT_VERIFIED, 0, failures());
    }
}
