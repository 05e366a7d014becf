package dev.metric.pacing;

import java.util.concurrent.locks.LockSupport;

/** The monotonic clock every measurement reads and pacing sleeps on; tests substitute one they move by hand. */
public interface NanoClock {

    /**
     * The system's: {@link System#nanoTime()}, sleeping with {@link LockSupport#parkNanos}. Linux
     * lets a timer fire up to the thread's timer slack (50 us by default) after it was asked to,
     * and a lone timer fires at the end of that range: parking until a due time wakes about 55 us
     * after it. So this parks until the due time minus the slack, which the kernel fires at about
     * the due time itself. A wait shorter than the slack, or what is left when an earlier timer
     * fired this one sooner, is parked all the same and may end up to the slack late; only the
     * last {@value #SPIN_NANOS} ns are spun. Spinning longer would be punctual, but it costs a
     * core's time per operation, and on a client with one core it keeps the client's other
     * threads from sending.
     */
    NanoClock SYSTEM = new NanoClock() {
        private final long slackNanos = TimerSlack.nanos();

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            for (long left = deadlineNanos - System.nanoTime(); left > SPIN_NANOS;
                 left = deadlineNanos - System.nanoTime()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(left > slackNanos ? left - slackNanos : left);
            }
            while (System.nanoTime() < deadlineNanos) {
                Thread.onSpinWait();
            }
        }
    };

    /** The most a sleep spins, at its very end, rather than park for a time shorter than a wake-up takes. */
    long SPIN_NANOS = 2_000;

    /** Nanoseconds from an arbitrary origin, never going backwards. */
    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;
}
