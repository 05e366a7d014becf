package dev.metric.run;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one traffic phase record, from all threads at once: the timers of each kind
 * of operation, errors and verification failures. Each phase (warm-up, measurement, each step of
 * a search) gets its own, so nothing has to be reset while requests are in flight.
 */
final class TrafficStats {

    final Map<OpKind, RequestTimer> timers = new EnumMap<>(OpKind.class);
    final Map<Operation.Plan, LongAdder> errors = new EnumMap<>(Operation.Plan.class);
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
    final AtomicReference<String> firstError = new AtomicReference<>();

    TrafficStats() {
        for (OpKind kind : OpKind.values()) {
            timers.put(kind, new RequestTimer(progress));
            payloadBytes.put(kind, new LongAdder());
        }
        for (Operation.Plan plan : Operation.Plan.values()) {
            errors.put(plan, new LongAdder());
        }
    }

    void error(Operation.Plan plan, String message) {
        errors.get(plan).increment();
        firstError.compareAndSet(null, plan + ": " + message);
    }

    long errorCount() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }
}
