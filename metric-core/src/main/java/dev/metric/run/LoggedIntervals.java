package dev.metric.run;

import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.RequestTimer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/** A phase's recorders followed in the run's interval log, an interval written every second. */
public final class LoggedIntervals implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofSeconds(1);

    private final IntervalLog.Following following;
    private final ProgressTicker ticker;

    private LoggedIntervals(IntervalLog.Following following, ProgressTicker ticker) {
        this.following = following;
        this.ticker = ticker;
    }

    /**
     * The response-time recorders of {@code timers} to log, each tagged {@code prefix} and its place
     * from 1 ({@code t1, t2...}), as the rows of a report that has a row per timer.
     */
    public static Map<String, LatencyRecorder> numbered(String prefix, RequestTimer[] timers) {
        Map<String, LatencyRecorder> tags = new LinkedHashMap<>();
        for (int i = 0; i < timers.length; i++) {
            tags.put(prefix + (i + 1), timers[i].response());
        }
        return tags;
    }

    /** Starts following {@code recorders} (tag to recorder); with no log, does nothing. */
    public static LoggedIntervals start(IntervalLog log, Map<String, LatencyRecorder> recorders) {
        return start(log, recorders, Map.of());
    }

    /**
     * Starts following {@code recorders} (tag to recorder) and the phase's {@code counts} (name to
     * count so far); with no log, does nothing.
     */
    public static LoggedIntervals start(IntervalLog log, Map<String, LatencyRecorder> recorders,
                                        Map<String, LongSupplier> counts) {
        if (log == IntervalLog.NONE) {
            return new LoggedIntervals(IntervalLog.Following.NONE, null);
        }
        IntervalLog.Following following = log.follow(recorders, counts);
        return new LoggedIntervals(following, ProgressTicker.every(INTERVAL, following::writeInterval));
    }

    /** Stops the ticks and writes the last interval. */
    @Override
    public void close() {
        if (ticker != null) {
            ticker.close();
        }
        following.close();
    }
}
