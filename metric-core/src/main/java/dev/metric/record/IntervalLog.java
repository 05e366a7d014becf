package dev.metric.record;

import java.util.Map;

/**
 * Where a run's measured phases send their latencies interval by interval, as well as into the
 * totals the report shows: an HdrHistogram log file, or nowhere.
 */
public interface IntervalLog {

    /** Logs nothing: a run without {@code --hdr-log}. */
    IntervalLog NONE = recorders -> Following.NONE;

    /**
     * Starts following {@code recorders}, each under its tag, from now: every
     * {@link Following#writeInterval()} logs what each recorded since the previous one.
     */
    Following follow(Map<String, LatencyRecorder> recorders);

    /** Logs every interval to {@code first} and then to {@code second}. */
    static IntervalLog both(IntervalLog first, IntervalLog second) {
        return recorders -> {
            Following one = first.follow(recorders);
            Following other = second.follow(recorders);
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
