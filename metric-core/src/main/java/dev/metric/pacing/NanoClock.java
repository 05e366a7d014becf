package dev.metric.pacing;

import java.util.concurrent.locks.LockSupport;

/** The monotonic clock every measurement reads and pacing sleeps on; tests substitute one they move by hand. */
public interface NanoClock {

    /**
     * The system's: {@link System#nanoTime()}, sleeping with {@link LockSupport#parkNanos}. Linux
     * lets a timer fire up to the thread's timer slack (50 us by default) after it was asked to,
     * and a lone timer fires at the end of that range: parking until a due time wakes about 55 us
     * after it. So this parks until the due time minus the slack, which the kernel fires at about
     * the due time itself, and spins for whatever is left when an earlier timer woke it sooner;
     * the spin is at most the slack. Spinning the whole wait instead would be punctual but would
     * take a core from the server or the client library on a small machine.
     */
    NanoClock SYSTEM = new NanoClock() {
        private final long slackNanos = TimerSlack.nanos();

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            for (long left = deadlineNanos - slackNanos - System.nanoTime(); left > 0;
                 left = deadlineNanos - slackNanos - System.nanoTime()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(left);
            }
            while (System.nanoTime() < deadlineNanos) {
                Thread.onSpinWait();
            }
        }
    };

    /** Nanoseconds from an arbitrary origin, never going backwards. */
    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;
}
