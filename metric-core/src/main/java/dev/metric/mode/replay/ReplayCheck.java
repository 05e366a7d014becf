package dev.metric.mode.replay;

import dev.metric.result.Mismatch;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the reads of a replay found, key by key: the keys it could judge (written by the replay
 * or its warm phase and followed since), and those it could not.
 *
 * @param judged        keys read whose value the replay knew
 * @param intact        of those, found as it left them: its value of the expected version, or
 *                      absent after a delete
 * @param failures      of those, not as it left them, by what was wrong (missing, stale, wrong
 *                      bytes...)
 * @param first         the first few failures, each with the trace's line
 * @param notJudged     keys read whose value the replay could not know: not written by it, changed
 *                      by a command it does not follow, on another lane's connection, or after a
 *                      write of it failed
 * @param missesWithTtl keys read and missing whose last write gave them a time to live: perhaps
 *                      expired, not judged
 * @param listedReads   reads of the keys scans of YCSB's index listed ({@link YcsbLine}), sent beside
 *                      the trace's commands, their number known only from the scans' replies
 */
public record ReplayCheck(long judged, long intact, Map<String, Long> failures, List<Mismatch> first,
                          long notJudged, long missesWithTtl, long listedReads) {

    public ReplayCheck {
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
        first = List.copyOf(first);
    }

    /** Reads judged and not found as the replay left them. */
    public long failed() {
        return judged - intact;
    }
}
