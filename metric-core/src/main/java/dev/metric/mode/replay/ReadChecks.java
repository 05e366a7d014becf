package dev.metric.mode.replay;

import dev.metric.run.MismatchLog;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the reads of a replay found, from every lane at once and over its warm-up and measured
 * commands together: a read not as the replay left it fails the run whenever it came.
 */
final class ReadChecks {

    /** Keys read and found as the replay left them: its value of the expected version, or absent after a delete. */
    final LongAdder intact = new LongAdder();
    /** Keys read whose value the replay cannot know: not written by it, changed by a command it does not follow. */
    final LongAdder notJudged = new LongAdder();
    /** Keys read and missing whose last write gave a time to live: perhaps expired, not judged. */
    final LongAdder missesWithTtl = new LongAdder();
    /** Reads of the keys scans of YCSB's index listed, sent beside the trace's commands. */
    final LongAdder listedReads = new LongAdder();
    /** Keys read that were not as the replay left them. */
    final MismatchLog mismatches = new MismatchLog();

    /** Counts a read of a YCSB record, once for the record. */
    void tally(RecordCheck check) {
        if (check.mismatched()) {
            mismatches.add(check.key(), check.verdict(), check.value(), check.where());
        } else if (check.judged()) {
            intact.increment();
        } else {
            notJudged.increment();
        }
    }

    /** Keys read that were judged: intact or not. */
    long judged() {
        return intact.sum() + mismatches.count();
    }
}
