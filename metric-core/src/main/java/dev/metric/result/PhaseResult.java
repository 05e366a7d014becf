package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.metric.record.LatencySummary;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one stretch of mode2 traffic measured: the measured phase, the warm-up, or one step of a
 * capacity search. Its latencies are those of {@link dev.metric.record.RequestTimer}: response
 * time from each operation's intended start, service time from when it went on the wire.
 *
 * @param targetOpsPerSec      the target rate, 0 in a closed loop
 * @param threads              client threads: event loops, or threads of lanes of their own
 * @param connections          lanes per thread, each a connection's stream of requests
 * @param window               requests in flight per lane at most
 * @param durationSec          from the start to the last reply
 * @param scheduledOps         scheduled operations (GET and SETEX, not refills) sent, each with its
 *                             reply or failure recorded
 * @param achievedOpsPerSec    scheduled operations per second of the planned length: what to
 *                             compare with the target
 * @param unsentOps            operations due before the end that the client never sent: it fell
 *                             behind the schedule and did not catch up within the command timeout
 *                             after the end (0 in a closed loop)
 * @param byKind               one row per {@link OpKind}, failures in a row of their own
 * @param all                  every operation together, failures included
 * @param hitRatio             keys found / keys read, NaN when no read got a reply
 * @param keyHits              keys the reads found: one per GET hit, those an MGET returned a value for
 * @param keyMisses            keys the reads did not find, each owed a refill
 * @param connectionWait       time spent waiting for a connection from the pool, per lease
 * @param sendLateness         from each operation's intended start to when it went on the wire:
 *                             response time less service time
 * @param ownDelay             from when each operation was due and its connection had room for it
 *                             to when it went on the wire: the part of the lateness that is the
 *                             client's own, without the waits for replies to free the window
 * @param getErrors            GETs that failed (error reply, timeout, lost connection)
 * @param setexErrors          scheduled SETEXs that failed
 * @param refillErrors         refills that failed
 * @param firstError           the first failure, or null
 * @param verificationFailures GET replies that were not an intact value of their key
 * @param firstFailures        the first few of them
 * @param clientCpuMicrosPerOp CPU time of this process per operation, -1 if unknown
 * @param jvm                  what the client's JVM did beside the traffic meanwhile: JIT compiling
 *                             and garbage collection
 * @param otherModeValues      verification failures that were values metric mode1 writes, intact:
 *                             the keys hold a mode1 run's data
 * @param allResponseNanos     response times of every operation, for judging objectives
 * @param allServiceNanos      service times of every operation, for telling a slow server from a
 *                             late client
 */
public record PhaseResult(double targetOpsPerSec, int threads, int connections, int window, double durationSec,
                          long scheduledOps, double achievedOpsPerSec, long unsentOps, List<OpFigures> byKind,
                          OpFigures all, double hitRatio, long keyHits, long keyMisses, LatencySummary connectionWait,
                          LatencySummary sendLateness, LatencySummary ownDelay,
                          long getErrors, long setexErrors, long refillErrors, String firstError,
                          long verificationFailures, List<Mismatch> firstFailures, double clientCpuMicrosPerOp,
                          JvmActivity jvm, long otherModeValues, @JsonIgnore Histogram allResponseNanos,
                          @JsonIgnore Histogram allServiceNanos) {

    public long errors() {
        return getErrors + setexErrors + refillErrors;
    }

    /** The row of one kind. */
    public OpFigures figures(OpKind kind) {
        return byKind.get(kind.ordinal());
    }
}
