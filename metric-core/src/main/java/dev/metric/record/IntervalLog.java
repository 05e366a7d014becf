package dev.metric.record;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Where a run's measured phases send their latencies interval by interval, as well as into the
 * totals the report shows: an HdrHistogram log file, or nowhere.
 */
public interface IntervalLog {

    /** The count of values read that were not the ones written, as a phase names it to {@link #follow(Map, Map)}. */
    String VERIFICATION_FAILURES = "verification_failures";

    /** The count of requests that failed, from a phase that does not log its failures under a tag of their own. */
    String ERRORS = "errors";

    /** The count of --strict's reads that found a key lost, stale or expired. */
    String STRICT_FINDINGS = "strict_findings";

    /** Logs nothing: a run without {@code --hdr-log}. */
    IntervalLog NONE = recorders -> Following.NONE;

    /**
     * Starts following {@code recorders}, each under its tag, from now: every
     * {@link Following#writeInterval()} logs what each recorded since the previous one.
     */
    Following follow(Map<String, LatencyRecorder> recorders);

    /**
     * As {@link #follow(Map)}, with counts the phase keeps besides its latencies (verification
     * failures, say), by name, each read when wanted: a log that serves live figures serves them,
     * a file of histograms has no place for them and ignores them.
     */
    default Following follow(Map<String, LatencyRecorder> recorders, Map<String, LongSupplier> counts) {
        return follow(recorders);
    }

    /** Logs every interval to {@code first} and then to {@code second}. */
    static IntervalLog both(IntervalLog first, IntervalLog second) {
        return new IntervalLog() {
            @Override
            public Following follow(Map<String, LatencyRecorder> recorders) {
                return both(first.follow(recorders), second.follow(recorders));
            }

            @Override
            public Following follow(Map<String, LatencyRecorder> recorders, Map<String, LongSupplier> counts) {
                return both(first.follow(recorders, counts), second.follow(recorders, counts));
            }
        };
    }

    private static Following both(Following one, Following other) {
        return new Following() {
            @Override
            public void writeInterval() {
                one.writeInterval();
                other.writeInterval();
            }

            @Override
            public void close() {
                try {
                    one.close();
                } finally {
                    other.close();
                }
            }
        };
    }

    /** One phase being logged; closing it logs the last interval. */
    interface Following extends AutoCloseable {

        Following NONE = new Following() {
            @Override
            public void writeInterval() {
            }

            @Override
            public void close() {
            }
        };

        void writeInterval();

        @Override
        void close();
    }
}
