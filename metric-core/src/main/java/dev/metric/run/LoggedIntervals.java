package dev.metric.run;

import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import java.time.Duration;
import java.util.Map;

/** A phase's recorders followed in the run's interval log, an interval written every second. */
public final class LoggedIntervals implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofSeconds(1);

    private final IntervalLog.Following following;
    private final ProgressTicker ticker;

    private LoggedIntervals(IntervalLog.Following following, ProgressTicker ticker) {
        this.following = following;
        this.ticker = ticker;
    }

    /** Starts following {@code recorders} (tag to recorder); with no log, does nothing. */
    public static LoggedIntervals start(IntervalLog log, Map<String, LatencyRecorder> recorders) {
        if (log == IntervalLog.NONE) {
            return new LoggedIntervals(IntervalLog.Following.NONE, null);
        }
        IntervalLog.Following following = log.follow(recorders);
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
