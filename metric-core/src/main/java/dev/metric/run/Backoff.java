package dev.metric.run;

import dev.metric.pacing.NanoClock;
import java.time.Duration;

/**
 * Exponential backoff for retrying writes a server refused (a disk-backed server under memory
 * pressure answers OOM for a while): waits double from {@link #FIRST_WAIT} up to
 * {@link #LONGEST_WAIT}, and the retries of one batch stop after {@link #GIVE_UP_AFTER}, so a
 * server that never recovers ends the run instead of hanging it.
 */
final class Backoff {

    static final Duration FIRST_WAIT = Duration.ofMillis(1);
    static final Duration LONGEST_WAIT = Duration.ofSeconds(1);
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(60);

    private final NanoClock clock;
    private final long startNanos;
    private long nextWaitNanos = FIRST_WAIT.toNanos();

    Backoff(NanoClock clock) {
        this.clock = clock;
        this.startNanos = clock.nanoTime();
    }

    /** Whether the time allowed for retries is used up. */
    boolean exhausted() {
        return clock.nanoTime() - startNanos >= GIVE_UP_AFTER.toNanos();
    }

    /** Sleeps the next wait of the sequence. */
    void pause() throws InterruptedException {
        clock.sleepUntil(clock.nanoTime() + nextWaitNanos);
        nextWaitNanos = Math.min(nextWaitNanos * 2, LONGEST_WAIT.toNanos());
    }
}
