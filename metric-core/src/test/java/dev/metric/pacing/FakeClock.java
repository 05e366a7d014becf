package dev.metric.pacing;

/**
 * A clock that only moves when told to; sleeping moves it to the deadline at once. Safe to hand
 * from one thread to the next (a test thread, then a lane thread), not to move from two at once.
 */
public final class FakeClock implements NanoClock {

    private volatile long now;

    public FakeClock(long startNanos) {
        this.now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        now = Math.max(now, deadlineNanos);
    }

    public void advance(long nanos) {
        now += nanos;
    }
}
