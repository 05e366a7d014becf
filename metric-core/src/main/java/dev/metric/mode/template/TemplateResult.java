package dev.metric.mode.template;

import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.record.LatencySummary;
import dev.metric.result.Faults;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.ServerDescription;
import java.time.Instant;
import java.util.List;

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

    /** Whether every request was sent and got a reply that was not an error, and nothing stopped the run. */
    @Override
    public boolean passed() {
        return errors() == 0 && unsentOps == 0 && faults.ranToTheEnd();
    }
}
