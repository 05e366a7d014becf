package dev.metric.pacing;

import java.util.concurrent.locks.LockSupport;

/** The monotonic clock pacing reads and sleeps on; tests substitute one they move by hand. */
public interface NanoClock {

    /**
     * The system's: {@link System#nanoTime()}, sleeping with {@link LockSupport#parkNanos}. Linux
     * wakes a parked thread some tens of microseconds late (its timer slack); spinning instead
     * would be punctual but would take a core from the server or the client library on a small
     * machine. The lateness is not hidden: it counts in response time, not in service time.
     */
    NanoClock SYSTEM = new NanoClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(left);
            }
        }
    };

    /** Nanoseconds from an arbitrary origin, never going backwards. */
    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;
}
