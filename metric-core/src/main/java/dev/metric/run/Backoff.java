package dev.metric.run;

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

    private final long startNanos = System.nanoTime();
    private long nextWaitNanos = FIRST_WAIT.toNanos();

    /** Whether the time allowed for retries is used up. */
    boolean exhausted() {
        return System.nanoTime() - startNanos >= GIVE_UP_AFTER.toNanos();
    }

    /** Sleeps the next wait of the sequence. */
    void pause() throws InterruptedException {
        Thread.sleep(nextWaitNanos / 1_000_000, (int) (nextWaitNanos % 1_000_000));
        nextWaitNanos = Math.min(nextWaitNanos * 2, LONGEST_WAIT.toNanos());
    }
}
