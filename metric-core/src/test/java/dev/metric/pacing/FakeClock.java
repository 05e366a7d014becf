package dev.metric.pacing;

/** A clock that only moves when told to; sleeping moves it to the deadline at once. */
final class FakeClock implements NanoClock {

    private long now;

    FakeClock(long startNanos) {
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

    void advance(long nanos) {
        now += nanos;
    }
}
