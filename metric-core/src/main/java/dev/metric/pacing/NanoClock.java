package dev.metric.pacing;

import java.util.concurrent.locks.LockSupport;

/** The monotonic clock pacing reads and sleeps on; tests substitute one they move by hand. */
public interface NanoClock {

    /** The system's: {@link System#nanoTime()}, sleeping with {@link LockSupport#parkNanos}. */
    NanoClock SYSTEM = new NanoClock() {
        /** Linux wakes a parked thread up to ~50 us late; the last stretch is spun instead. */
        private static final long SPIN_NANOS = 50_000;

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
                if (left > SPIN_NANOS) {
                    LockSupport.parkNanos(left - SPIN_NANOS);
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    };

    /** Nanoseconds from an arbitrary origin, never going backwards. */
    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;
}
