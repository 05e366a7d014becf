package dev.metric.mode.replay;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.TrafficShape;
import dev.metric.search.CapacitySearch;
import dev.metric.search.StepVerdict;
import java.util.List;

/**
 * One step of a replay's capacity search: a replay of the whole trace at the step's rate, what it
 * measured and its verdict. Its parts' fields are written at the step's level of the JSON.
 *
 * @param purpose    why the step ran: a new rate or a confirmation
 * @param shape      the target rate, and the lanes, which are the trace's in every step
 * @param totals     its measured commands together
 * @param commands   a row per command name sent
 * @param errors     commands that failed, in its warm phase and warm-up too
 * @param mismatches its reads not as the replay wrote them
 * @param verdict    whether it passed, each objective held, and why it failed
 */
public record ReplayStep(CapacitySearch.Purpose purpose, @JsonUnwrapped TrafficShape shape,
                         @JsonUnwrapped ReplayResult.Totals totals, List<ReplayFigures> commands, long errors,
                         long mismatches, @JsonUnwrapped StepVerdict verdict) implements StepVerdict.Judged {

    @Override
    public double targetOpsPerSec() {
        return shape.targetOpsPerSec();
    }
}
