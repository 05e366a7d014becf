package dev.metric.engine;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What driving a stretch of traffic did, besides what its workloads recorded.
 *
 * @param elapsedNanos        from the start of the first lane to the end of the last, its last
 *                            reply included
 * @param scheduledSent       scheduled operations sent; each also completed, with a reply or a failure
 * @param followUpsSent       operations sent outside the schedule (refills)
 * @param unsent              operations due before the end that were never sent because the client
 *                            had fallen behind (always 0 in a closed loop)
 * @param connectionWaitNanos every wait for a connection, one value per lease taken
 * @param outages             each lane's stretches of failed requests, by the side their first failure
 *                            counted on
 */
public record DriveResult(long elapsedNanos, long scheduledSent, long followUpsSent, long unsent,
                          Histogram connectionWaitNanos, Outages outages) {

    /** Drives run back to back as one: their times and counts added up, their waits together. */
    public static DriveResult sum(List<DriveResult> drives) {
        if (drives.size() == 1) {
            return drives.get(0);
        }
        Histogram waits = new Histogram(drives.get(0).connectionWaitNanos().getNumberOfSignificantValueDigits());
        long elapsed = 0;
        long scheduled = 0;
        long followUps = 0;
        long unsent = 0;
        for (DriveResult drive : drives) {
            elapsed += drive.elapsedNanos();
            scheduled += drive.scheduledSent();
            followUps += drive.followUpsSent();
            unsent += drive.unsent();
            waits.add(drive.connectionWaitNanos());
        }
        return new DriveResult(elapsed, scheduled, followUps, unsent, waits,
                Outages.sum(drives.stream().map(DriveResult::outages).toList()));
    }

    /** Requests sent in all. */
    public long sent() {
        return scheduledSent + followUpsSent;
    }
}
