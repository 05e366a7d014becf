package dev.metric.result;

import dev.metric.engine.Outages;
import dev.metric.record.LatencySummary;

/**
 * How long requests kept failing on each lane of a stretch of traffic: every
 * {@linkplain Outages outage} of a lane (from its first failed request's intended start to its next
 * success), the way a failover looks to each application thread, beside the run's own outages, in
 * which no lane's request succeeded.
 *
 * @param lengths  the outages' lengths: their count, percentiles and longest
 * @param unended  of them, those still on when their lane ended, counted up to that end
 */
public record LaneOutages(LatencySummary lengths, long unended) {

    /** What {@code outages} add up to. */
    public static LaneOutages of(Outages outages) {
        return new LaneOutages(LatencySummary.of(outages.lengthsNanos()), outages.unended());
    }

    /** Outages in all. */
    public long count() {
        return lengths.count();
    }
}
