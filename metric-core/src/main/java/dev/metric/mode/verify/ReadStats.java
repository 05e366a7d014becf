package dev.metric.mode.verify;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import dev.metric.run.Failures;
import dev.metric.run.MismatchLog;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one stretch of mode1 reads record together: the warm-up and the measured
 * reads each get their own, so nothing is reset while reads are in flight.
 */
final class ReadStats {

    /** Response times again, coarsely, for the progress line, which reads them every interval. */
    final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    final RequestTimer timer = new RequestTimer(progress);
    /** Reads (GETs or MGETs) that failed. */
    final Failures failures = Failures.ofOneKind();
    /** Keys whose read failed: an MGET's failure fails all its keys. */
    final LongAdder failedKeys = new LongAdder();
    /** Keys whose read was answered and checked. */
    final LongAdder keysAnswered = new LongAdder();
    /** Key and value bytes of the reads that got a reply. */
    final LongAdder payloadBytes = new LongAdder();
    final MismatchLog mismatches = new MismatchLog();

    void error(String message, int keys) {
        failures.record(message);
        failedKeys.add(keys);
    }
}
