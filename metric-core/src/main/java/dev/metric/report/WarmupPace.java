package dev.metric.report;

import java.util.Locale;
import java.util.Optional;

/**
 * Says when a closed-loop run's measured traffic (mode2's, run's) went much slower than its warm-up, which a reader
 * of the figures would otherwise take for the server's pace. On this project's machine, one request
 * in flight ran at about 13,000 operations/s with a median of 0.069 ms, and at about 21,000 with
 * 0.043 ms once a niced busy loop kept each core from idling (docs/modes.md, "Slower than its
 * warm-up"): at few requests in flight, client and server sleep between replies, and how fast an
 * idle core wakes can change within a run. The report names the gap and where to read about it; it
 * does not claim a cause it has not measured.
 */
public final class WarmupPace {

    /** The measured rate, as a fraction of the warm-up's, below which the report says so. */
    public static final double SLOWER_BELOW = 0.8;

    private WarmupPace() {
    }

    /**
     * The report's note when {@code measuredOpsPerSec} is below {@link #SLOWER_BELOW} of
     * {@code warmupOpsPerSec}, else nothing.
     */
    public static Optional<String> note(double warmupOpsPerSec, double measuredOpsPerSec) {
        if (!(warmupOpsPerSec > 0) || !(measuredOpsPerSec >= 0)
                || measuredOpsPerSec >= SLOWER_BELOW * warmupOpsPerSec) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the measured traffic ran at %.2f of the warm-up's rate (%,.0f"
                        + " against %,.0f ops/s): with few requests in flight, client and server sleep between"
                        + " replies, and how fast an idle core wakes can change within a run (docs/modes.md,"
                        + " \"Slower than its warm-up\")", measuredOpsPerSec / warmupOpsPerSec, measuredOpsPerSec,
                warmupOpsPerSec));
    }
}
