package dev.metric.result;

import dev.metric.engine.DriveResult;
import java.time.Duration;

/**
 * How long a stretch of traffic ran and how much of its schedule it kept: what to set beside the
 * target rate. Its fields are written at the level of the record that holds it.
 *
 * @param durationSec       from the start to the last reply
 * @param scheduledOps      scheduled operations sent, each with its reply or failure recorded
 * @param achievedOpsPerSec scheduled operations per second of the planned length: what to compare
 *                          with the target
 * @param unsentOps         operations due before the end that the client never sent: it fell behind
 *                          the schedule and did not catch up within the command timeout after the
 *                          end (0 in a closed loop)
 */
public record ScheduleKept(double durationSec, long scheduledOps, double achievedOpsPerSec, long unsentOps) {

    /**
     * What {@code drive}, planned to last {@code length}, kept. Rates of replies are per second of
     * the whole drive, the last replies included; the achieved scheduled rate is per second of the
     * planned length, the stretch over which operations were due, so that it compares with the
     * target like for like. A drive cut short by a stop was planned no longer than it ran, and one
     * with no planned length ({@code null}: it ran until its lanes had sent what they were given)
     * as long as it ran.
     */
    public static ScheduleKept of(DriveResult drive, Duration length) {
        double plannedSeconds = (length == null ? drive.elapsedNanos()
                : Math.min(length.toNanos(), drive.elapsedNanos())) / 1e9;
        long scheduled = drive.scheduledSent();
        return new ScheduleKept(drive.elapsedNanos() / 1e9, scheduled,
                plannedSeconds > 0 ? scheduled / plannedSeconds : 0, drive.unsent());
    }
}
