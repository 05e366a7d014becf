package dev.metric.mode.template;

import dev.metric.client.ReplyType;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import dev.metric.run.Failures;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one stretch of {@code metric run} record together, per template: latencies,
 * failures, the types of the replies and the bytes they carried.
 */
final class TemplateStats {

    /** Response times of every template again, coarsely, for the progress line. */
    final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    final RequestTimer[] timers;
    /** Failed requests by template, by its position. */
    final Failures failures;
    final LongAdder[][] replyTypes;
    final LongAdder[] payloadBytes;

    TemplateStats(int templates) {
        timers = new RequestTimer[templates];
        failures = new Failures(templates);
        replyTypes = new LongAdder[templates][ReplyType.values().length];
        payloadBytes = new LongAdder[templates];
        for (int t = 0; t < templates; t++) {
            timers[t] = new RequestTimer(progress);
            payloadBytes[t] = new LongAdder();
            for (ReplyType type : ReplyType.values()) {
                replyTypes[t][type.ordinal()] = new LongAdder();
            }
        }
    }

    void error(int template, String message) {
        failures.record(template, message);
    }
}
