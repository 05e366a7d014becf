package dev.metric.engine;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * How long requests kept failing, seen from each lane: an outage is a stretch of a lane's
 * requests that all failed (no reply, a timeout, an error reply), from the intended start of the
 * first of them to the moment the next request of the lane succeeded. It is what an application
 * thread (or, on the event loop engine, a connection) lived through while its server was lost and
 * replaced, which the count of failed requests alone does not say: a hundred failures are one
 * outage of two seconds or a hundred blips.
 *
 * @param lengthsNanos every outage's length; one still on when its lane ended counts up to that end
 * @param unended      outages still on when their lane ended: the server never came back to it
 */
public record Outages(Histogram lengthsNanos, long unended) {

    /** Outages of drives run back to back, together. */
    public static Outages sum(List<Outages> drives) {
        Histogram lengths = new Histogram(drives.get(0).lengthsNanos().getNumberOfSignificantValueDigits());
        long unended = 0;
        for (Outages drive : drives) {
            lengths.add(drive.lengthsNanos());
            unended += drive.unended();
        }
        return new Outages(lengths, unended);
    }

    /** Outages in all, ended or not. */
    public long count() {
        return lengthsNanos.getTotalCount();
    }
}
