package dev.metric.pacing;

/**
 * When a lane's operations are due, one after another: as soon as it can send them (a closed
 * loop), on an even stream of a target rate ({@link Pacer}), or at the times a replayed trace
 * gives them. A lane asks for the next due time, takes it when it sends, and at the end asks how
 * many operations it never sent that were due before its deadline.
 */
public interface Schedule {

    /** Whether operations are due at fixed times rather than as soon as the lane can send them. */
    boolean paced();

    /** When the next operation is due: its intended start time ({@link NanoClock#nanoTime()} in a closed loop). */
    long due();

    /** Takes the next operation: returns its intended start time and moves on to the one after. */
    long take();

    /**
     * Skips every operation due before {@code deadlineNanos} that was not taken, and returns how
     * many: what a lane that fell behind never sent. Nothing in a closed loop.
     */
    long skipDueBefore(long deadlineNanos);
}
