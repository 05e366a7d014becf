package dev.metric.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.metric.record.LatencySummary;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one stretch of mode2 traffic measured: the measured phase, the warm-up, or one step of a
 * capacity search.
 *
 * @param targetOpsPerSec     the target rate, 0 in a closed loop
 * @param durationSec         from the start to the last reply
 * @param scheduledOps        scheduled operations (GET and SETEX, not refills) that completed,
 *                            with or without error
 * @param achievedOpsPerSec   scheduled operations per second of the planned length: what to
 *                            compare with the target
 * @param byKind              one row per {@link OpKind}
 * @param all                 every operation together
 * @param hitRatio            hits / (hits + misses), NaN when no GET got a reply
 * @param connectionWait      time spent waiting for a connection from the pool
 * @param sendLateness        how long after it was due each scheduled operation was sent: the
 *                            client's own delay, part of response time (about zero in a closed loop)
 * @param getErrors           GETs that failed (error reply, timeout, lost connection)
 * @param setexErrors         scheduled SETEXs that failed
 * @param refillErrors        refills that failed
 * @param firstError          the first failure, or null
 * @param verificationFailures GET replies that were not an intact value of their key
 * @param firstFailures       the first few of them
 * @param clientCpuMicrosPerOp CPU time of this process per operation, -1 if unknown
 * @param allResponseNanos    response times of every operation, for judging objectives
 */
public record PhaseResult(double targetOpsPerSec, double durationSec, long scheduledOps, double achievedOpsPerSec,
                          List<OpFigures> byKind, OpFigures all, double hitRatio, LatencySummary connectionWait, LatencySummary sendLateness,
                          long getErrors, long setexErrors, long refillErrors, String firstError,
                          long verificationFailures, List<Mismatch> firstFailures, double clientCpuMicrosPerOp,
                          @JsonIgnore Histogram allResponseNanos) {

    public long errors() {
        return getErrors + setexErrors + refillErrors;
    }

    /** The row of one kind. */
    public OpFigures figures(OpKind kind) {
        return byKind.get(kind.ordinal());
    }
}
