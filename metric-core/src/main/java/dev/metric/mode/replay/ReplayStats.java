package dev.metric.mode.replay;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import dev.metric.run.Failures;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one phase of a replay record together: latencies and failures by command (a
 * row per command name of the trace), and, into the run's {@link ReadChecks}, what its reads found.
 */
final class ReplayStats {

    /** Response times of every command again, coarsely, for the progress line. */
    final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    final RequestTimer[] timers;
    final Failures failures;
    final LongAdder[] payloadBytes;
    final ReadChecks checks;

    ReplayStats(int commands, ReadChecks checks) {
        timers = new RequestTimer[commands];
        failures = new Failures(commands);
        payloadBytes = new LongAdder[commands];
        for (int c = 0; c < commands; c++) {
            timers[c] = new RequestTimer(progress);
            payloadBytes[c] = new LongAdder();
        }
        this.checks = checks;
    }

    /** Requests recorded, failed ones included. */
    long recorded() {
        long recorded = 0;
        for (RequestTimer timer : timers) {
            recorded += timer.response().total().getTotalCount();
        }
        return recorded;
    }

    /** The phase as one left out of the figures. */
    UnmeasuredPhase unmeasured(double seconds) {
        return new UnmeasuredPhase(recorded(), seconds, failures.total(), failures.first());
    }
}
