package dev.metric.engine;

/**
 * What a drive did on each side of its {@link MeasuredWindow}: before it opened, and from then on.
 *
 * @param warmUp   the requests intended before the window opened; the time from the drive's start
 *                 to the opening (empty when the window opened at the start)
 * @param measured the requests intended once it was open; the time from the opening to the last
 *                 reply (empty when it never opened)
 */
public record DriveSides(DriveResult warmUp, DriveResult measured) {
}
