package dev.metric.mode.replay;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.OperationRow;

/**
 * The figures of one command of a replayed trace over the measured replay.
 *
 * @param command its name, in capitals
 * @param row     its count, share, rates, latencies (response from each command's due time at the
 *                trace's times, or from when it wanted to go), errors and the server's count of it
 */
public record ReplayFigures(String command, @JsonUnwrapped OperationRow row) {
}
