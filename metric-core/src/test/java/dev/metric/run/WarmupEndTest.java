package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.pacing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The warm-up's end on a fake clock, with a JIT whose compile time the test scripts against that clock. */
class WarmupEndTest {

    private static final long MS = 1_000_000;
    private static final long START = 1_000 * MS;

    private final FakeClock clock = new FakeClock(START);

    /** Compiles {@code millisPerSecond} every second until {@code quietFromMs} after the start, then nothing. */
    private long compiling(long millisPerSecond, long quietFromMs) {
        long elapsedMs = Math.min(clock.nanoTime() - START, quietFromMs * MS) / MS;
        return 500 + elapsedMs * millisPerSecond / 1000;
    }

    @Test
    void endsOneQuietSecondAfterTheJitStopsCompiling() throws InterruptedException {
        WarmupEnd end = new WarmupEnd(clock, () -> compiling(80, 3_000), Duration.ofSeconds(1),
                Duration.ofSeconds(30));

        WarmupEnd.Outcome outcome = end.await(START);

        assertFalse(outcome.capped());
        long endedMs = (outcome.endedAtNanos() - START) / MS;
        assertTrue(endedMs >= 4_000 && endedMs <= 4_000 + WarmupEnd.LOOK_EVERY.toMillis(),
                "a whole second without compiling after it stopped at 3 s, ended at " + endedMs + " ms");
        assertEquals(0, outcome.lastSpanCompileMillis());
    }

    @Test
    void neverEndsBeforeItsMinimumEvenWithAQuietJit() throws InterruptedException {
        WarmupEnd end = new WarmupEnd(clock, () -> 700, Duration.ofSeconds(5), Duration.ofSeconds(30));

        WarmupEnd.Outcome outcome = end.await(START);

        assertEquals(5_000, (outcome.endedAtNanos() - START) / MS);
        assertFalse(outcome.capped());
    }

    @Test
    void aJitThatKeepsCompilingEndsTheWarmupAtItsCapAndSaysSo() throws InterruptedException {
        WarmupEnd end = new WarmupEnd(clock, () -> compiling(20, Long.MAX_VALUE / MS), Duration.ofSeconds(2),
                Duration.ofSeconds(12));

        WarmupEnd.Outcome outcome = end.await(START);

        assertTrue(outcome.capped());
        assertEquals(12_000, (outcome.endedAtNanos() - START) / MS);
        assertEquals(20, outcome.lastSpanCompileMillis(), "20 ms of compiling in the last second");
    }

    @Test
    void aTrickleOfCompilingAtTheBoundStillCountsAsQuiet() throws InterruptedException {
        WarmupEnd end = new WarmupEnd(clock, () -> compiling(WarmupEnd.QUIET_MILLIS, Long.MAX_VALUE / MS),
                Duration.ofSeconds(2), Duration.ofSeconds(30));

        WarmupEnd.Outcome outcome = end.await(START);

        assertFalse(outcome.capped());
        assertEquals(2_000, (outcome.endedAtNanos() - START) / MS);
    }

    @Test
    void aJvmWithoutCompileTimeEndsAtTheMinimum() throws InterruptedException {
        WarmupEnd end = new WarmupEnd(clock, () -> -1, Duration.ofSeconds(3), Duration.ofSeconds(30));

        WarmupEnd.Outcome outcome = end.await(START);

        assertEquals(3_000, (outcome.endedAtNanos() - START) / MS);
        assertEquals(-1, outcome.lastSpanCompileMillis());
    }

    @Test
    void aCapShorterThanTheMinimumIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new WarmupEnd(clock, () -> 0, Duration.ofSeconds(3), Duration.ofSeconds(2)));
    }
}
