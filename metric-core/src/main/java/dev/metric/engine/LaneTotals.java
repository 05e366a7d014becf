package dev.metric.engine;

import dev.metric.record.LatencyRecorder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What all lanes of one drive count together, from whatever thread each runs on: what was sent
 * and the waits for a connection on each side of the drive's {@link MeasuredWindow}, indexed by
 * the side, and what the drive as a whole did.
 */
final class LaneTotals {

    final LatencyRecorder[] connectionWait = {new LatencyRecorder(), new LatencyRecorder()};
    final LongAdder[] scheduledSent = {new LongAdder(), new LongAdder()};
    final LongAdder[] followUpsSent = {new LongAdder(), new LongAdder()};
    final LongAdder completed = new LongAdder();
    /** Each lane's stretches of failed requests, on the side their first failure counted on. */
    final LatencyRecorder[] outages = {new LatencyRecorder(), new LatencyRecorder()};
    final LongAdder[] unendedOutages = {new LongAdder(), new LongAdder()};
    /** Operations due before the window closed and never sent; counted with the measurement. */
    final LongAdder unsent = new LongAdder();
    /** When the last lane finished, its last reply in: the end of the drive. */
    final LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);

    /** Requests sent so far, on both sides. */
    long sent() {
        return scheduledSent[0].sum() + scheduledSent[1].sum() + followUpsSent[0].sum() + followUpsSent[1].sum();
    }

    /** What the drive did on {@code side}, which lasted {@code elapsedNanos}. */
    DriveResult of(int side, long elapsedNanos) {
        return new DriveResult(Math.max(0, elapsedNanos), scheduledSent[side].sum(), followUpsSent[side].sum(),
                side == MeasuredWindow.MEASURED ? unsent.sum() : 0, connectionWait[side].total(),
                new Outages(outages[side].total(), unendedOutages[side].sum()));
    }
}
