package dev.metric.mode.cache;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import dev.metric.result.OpKind;
import dev.metric.run.Failures;
import dev.metric.run.MismatchLog;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one traffic phase record, from all threads at once: the timers of each kind
 * of operation, errors and verification failures. Each phase (warm-up, measurement, each step of
 * a search) gets its own, so nothing has to be reset while requests are in flight.
 */
final class TrafficStats {

    final Map<OpKind, RequestTimer> timers = new EnumMap<>(OpKind.class);
    /** Failed operations by {@link Operation.Plan}, by its ordinal. */
    final Failures failures = new Failures(Operation.Plan.values().length);
    /** Key and value bytes of each kind's operations ({@link dev.metric.client.Request#payloadBytes}). */
    final Map<OpKind, LongAdder> payloadBytes = new EnumMap<>(OpKind.class);
    /**
     * Response times of every operation again, coarsely, with hits and misses counted, for the
     * progress line: reading the reported histograms every second took milliseconds of the only
     * client core on a small machine, and delayed the operations they were measuring.
     */
    final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    final LongAdder progressHits = new LongAdder();
    final LongAdder progressMisses = new LongAdder();
    /** Keys reads found and did not find: a GET reads one key, an MGET several. */
    final LongAdder keyHits = new LongAdder();
    final LongAdder keyMisses = new LongAdder();
    final MismatchLog mismatches = new MismatchLog();
    /**
     * WAITs by the replicas they answered had the write, from 0 to the replicas asked for, those that
     * answered more counted with the last; empty without {@code --wait}.
     */
    final LongAdder[] waitAnswers;

    /** @param wait the WAIT that follows each write, or null */
    TrafficStats(WriteWait wait) {
        waitAnswers = new LongAdder[wait == null ? 0 : wait.replicas() + 1];
        for (int i = 0; i < waitAnswers.length; i++) {
            waitAnswers[i] = new LongAdder();
        }
        for (OpKind kind : OpKind.values()) {
            // The progress line counts operations: a YCSB operation's inner commands are in its own row.
            timers.put(kind, kind.inAll() ? new RequestTimer(progress) : new RequestTimer());
            payloadBytes.put(kind, new LongAdder());
        }
    }

    void error(Operation.Plan plan, String message) {
        failures.record(plan.ordinal(), plan + ": " + message);
    }

    /** A failed command of a YCSB operation: counted with the reads' errors, or with the writes' ({@code write}). */
    void ycsbError(boolean write, String message) {
        failures.record((write ? Operation.Plan.SETEX : Operation.Plan.GET).ordinal(), message);
    }

    /** A WAIT answered that {@code replicas} replicas had the write. */
    void waitAnswered(long replicas) {
        waitAnswers[(int) Math.min(replicas, waitAnswers.length - 1)].increment();
    }

    long errors(Operation.Plan plan) {
        return failures.count(plan.ordinal());
    }
}
