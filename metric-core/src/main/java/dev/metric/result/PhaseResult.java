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

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link PhaseResult} by name, so that no two figures can trade places unseen. */
    public static final class Builder {

        private final ComponentsSet given = new ComponentsSet("PhaseResult", List.of("targetOpsPerSec", "threads",
                "connections", "window", "durationSec", "scheduledOps", "achievedOpsPerSec", "unsentOps", "byKind",
                "all", "hitRatio", "keyHits", "keyMisses", "connectionWait", "sendLateness", "ownDelay", "getErrors",
                "setexErrors", "refillErrors", "firstError", "verificationFailures", "firstFailures",
                "clientCpuMicrosPerOp", "jvm", "otherModeValues", "allResponseNanos", "allServiceNanos"));
        private double targetOpsPerSec;
        private int threads;
        private int connections;
        private int window;
        private double durationSec;
        private long scheduledOps;
        private double achievedOpsPerSec;
        private long unsentOps;
        private List<OpFigures> byKind;
        private OpFigures all;
        private double hitRatio;
        private long keyHits;
        private long keyMisses;
        private LatencySummary connectionWait;
        private LatencySummary sendLateness;
        private LatencySummary ownDelay;
        private long getErrors;
        private long setexErrors;
        private long refillErrors;
        private String firstError;
        private long verificationFailures;
        private List<Mismatch> firstFailures;
        private double clientCpuMicrosPerOp;
        private JvmActivity jvm;
        private long otherModeValues;
        private Histogram allResponseNanos;
        private Histogram allServiceNanos;

        private Builder() {
        }

        public Builder targetOpsPerSec(double targetOpsPerSec) {
            this.targetOpsPerSec = targetOpsPerSec;
            given.given(0);
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            given.given(1);
            return this;
        }

        public Builder connections(int connections) {
            this.connections = connections;
            given.given(2);
            return this;
        }

        public Builder window(int window) {
            this.window = window;
            given.given(3);
            return this;
        }

        public Builder durationSec(double durationSec) {
            this.durationSec = durationSec;
            given.given(4);
            return this;
        }

        public Builder scheduledOps(long scheduledOps) {
            this.scheduledOps = scheduledOps;
            given.given(5);
            return this;
        }

        public Builder achievedOpsPerSec(double achievedOpsPerSec) {
            this.achievedOpsPerSec = achievedOpsPerSec;
            given.given(6);
            return this;
        }

        public Builder unsentOps(long unsentOps) {
            this.unsentOps = unsentOps;
            given.given(7);
            return this;
        }

        public Builder byKind(List<OpFigures> byKind) {
            this.byKind = byKind;
            given.given(8);
            return this;
        }

        public Builder all(OpFigures all) {
            this.all = all;
            given.given(9);
            return this;
        }

        public Builder hitRatio(double hitRatio) {
            this.hitRatio = hitRatio;
            given.given(10);
            return this;
        }

        public Builder keyHits(long keyHits) {
            this.keyHits = keyHits;
            given.given(11);
            return this;
        }

        public Builder keyMisses(long keyMisses) {
            this.keyMisses = keyMisses;
            given.given(12);
            return this;
        }

        public Builder connectionWait(LatencySummary connectionWait) {
            this.connectionWait = connectionWait;
            given.given(13);
            return this;
        }

        public Builder sendLateness(LatencySummary sendLateness) {
            this.sendLateness = sendLateness;
            given.given(14);
            return this;
        }

        public Builder ownDelay(LatencySummary ownDelay) {
            this.ownDelay = ownDelay;
            given.given(15);
            return this;
        }

        public Builder getErrors(long getErrors) {
            this.getErrors = getErrors;
            given.given(16);
            return this;
        }

        public Builder setexErrors(long setexErrors) {
            this.setexErrors = setexErrors;
            given.given(17);
            return this;
        }

        public Builder refillErrors(long refillErrors) {
            this.refillErrors = refillErrors;
            given.given(18);
            return this;
        }

        public Builder firstError(String firstError) {
            this.firstError = firstError;
            given.given(19);
            return this;
        }

        public Builder verificationFailures(long verificationFailures) {
            this.verificationFailures = verificationFailures;
            given.given(20);
            return this;
        }

        public Builder firstFailures(List<Mismatch> firstFailures) {
            this.firstFailures = firstFailures;
            given.given(21);
            return this;
        }

        public Builder clientCpuMicrosPerOp(double clientCpuMicrosPerOp) {
            this.clientCpuMicrosPerOp = clientCpuMicrosPerOp;
            given.given(22);
            return this;
        }

        public Builder jvm(JvmActivity jvm) {
            this.jvm = jvm;
            given.given(23);
            return this;
        }

        public Builder otherModeValues(long otherModeValues) {
            this.otherModeValues = otherModeValues;
            given.given(24);
            return this;
        }

        public Builder allResponseNanos(Histogram allResponseNanos) {
            this.allResponseNanos = allResponseNanos;
            given.given(25);
            return this;
        }

        public Builder allServiceNanos(Histogram allServiceNanos) {
            this.allServiceNanos = allServiceNanos;
            given.given(26);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public PhaseResult build() {
            given.requireAll();
            return new PhaseResult(targetOpsPerSec, threads, connections, window, durationSec, scheduledOps,
                    achievedOpsPerSec, unsentOps, byKind, all, hitRatio, keyHits, keyMisses, connectionWait,
                    sendLateness, ownDelay, getErrors, setexErrors, refillErrors, firstError, verificationFailures,
                    firstFailures, clientCpuMicrosPerOp, jvm, otherModeValues, allResponseNanos, allServiceNanos);
        }
    }
}
