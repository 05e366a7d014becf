package dev.metric.engine;

import dev.metric.record.LatencyRecorder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** What all lanes of one drive count together, from whatever thread each runs on. */
final class LaneTotals {

    final LatencyRecorder connectionWait = new LatencyRecorder();
    final LongAdder scheduledSent = new LongAdder();
    final LongAdder followUpsSent = new LongAdder();
    final LongAdder completed = new LongAdder();
    final LongAdder unsent = new LongAdder();
    /** When the last lane finished, its last reply in: the end of the drive. */
    final LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
}
