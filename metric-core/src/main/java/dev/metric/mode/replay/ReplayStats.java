package dev.metric.mode.replay;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import dev.metric.run.Failures;
import dev.metric.run.MismatchLog;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one pass of a replay record together: latencies and failures by command (a
 * row per command name of the trace), and what the reads it checked found.
 */
final class ReplayStats {

    /** Response times of every command again, coarsely, for the progress line. */
    final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    final RequestTimer[] timers;
    final Failures failures;
    final LongAdder[] payloadBytes;
    /** Keys read and found as the replay left them: its value of the expected version, or absent after a delete. */
    final LongAdder intact = new LongAdder();
    /** Keys read whose value the replay cannot know: not written by it, changed by a command it does not follow. */
    final LongAdder notJudged = new LongAdder();
    /** Keys read and missing whose last write gave a time to live: perhaps expired, not judged. */
    final LongAdder missesWithTtl = new LongAdder();
    /** Keys read that were not as the replay left them. */
    final MismatchLog mismatches = new MismatchLog();

    ReplayStats(int commands) {
        timers = new RequestTimer[commands];
        failures = new Failures(commands);
        payloadBytes = new LongAdder[commands];
        for (int c = 0; c < commands; c++) {
            timers[c] = new RequestTimer(progress);
            payloadBytes[c] = new LongAdder();
        }
    }

    /** Keys read that were judged: intact or not. */
    long judged() {
        return intact.sum() + mismatches.count();
    }
}
