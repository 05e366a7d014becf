package dev.metric.run;

import dev.metric.pacing.NanoClock;
import dev.metric.result.WarmupEnding;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Decides when a warm-up may end: once it has lasted its minimum and the JIT compiler has gone
 * quiet, spending at most {@link #QUIET_MILLIS} of compiling in the last {@link #SPAN}; at the
 * latest at its cap, which the result then names. A client on one core shares it with its JIT
 * threads, and every millisecond they compile inside a measured window makes the requests due
 * meanwhile late: the figure would be partly a measure of the warm-up.
 */
public final class WarmupEnd {

    /** The compiling a quiet JIT may still do within {@link #SPAN}: its clock counts whole milliseconds. */
    static final long QUIET_MILLIS = 1;
    /** The stretch compile time is summed over. */
    static final Duration SPAN = Duration.ofSeconds(1);
    /** How often the compile time is read. */
    static final Duration LOOK_EVERY = Duration.ofMillis(50);

    private final NanoClock clock;
    private final LongSupplier compileMillis;
    private final Duration minimum;
    private final Duration cap;

    /**
     * @param compileMillis the JIT's total compile time so far, -1 where the JVM does not report it
     * @param minimum       the shortest warm-up
     * @param cap           the longest: the warm-up ends then even while the JIT still compiles
     */
    public WarmupEnd(NanoClock clock, LongSupplier compileMillis, Duration minimum, Duration cap) {
        if (cap.compareTo(minimum) < 0) {
            throw new IllegalArgumentException("the cap " + cap + " is shorter than the minimum " + minimum);
        }
        this.clock = clock;
        this.compileMillis = compileMillis;
        this.minimum = minimum;
        this.cap = cap;
    }

    /** This JVM's compiler, on the system clock. */
    public static WarmupEnd ofThisJvm(Duration minimum, Duration cap) {
        return new WarmupEnd(NanoClock.SYSTEM, JvmCounters::totalCompileMillis, minimum, cap);
    }

    /**
     * How a warm-up ended.
     *
     * @param endedAtNanos          when, on the clock
     * @param lastSpanCompileMillis the compiling in the last {@link #SPAN} before it ended; -1 where
     *                              the JVM does not report compile time
     * @param capped                whether it ended at its cap, the JIT not yet quiet
     */
    public record Outcome(long endedAtNanos, long lastSpanCompileMillis, boolean capped) {

        /** How it ended, as a result reports it. */
        public WarmupEnding ending() {
            return new WarmupEnding(capped, lastSpanCompileMillis);
        }
    }

    /**
     * Waits, sleeping on the clock, until the warm-up that started at {@code startNanos} may end.
     * At once after the minimum where the JVM does not report compile time.
     */
    public Outcome await(long startNanos) throws InterruptedException {
        long minimumEnd = startNanos + minimum.toNanos();
        long capEnd = startNanos + cap.toNanos();
        long span = SPAN.toNanos();
        long every = LOOK_EVERY.toNanos();
        int slots = (int) (span / every) + 1;
        long[] at = new long[slots];
        long[] compiled = new long[slots];
        int next = 0;
        int seen = 0;
        while (true) {
            long now = clock.nanoTime();
            long total = compileMillis.getAsLong();
            if (total < 0) {
                clock.sleepUntil(minimumEnd);
                return new Outcome(Math.max(minimumEnd, clock.nanoTime()), -1, false);
            }
            at[next] = now;
            compiled[next] = total;
            next = (next + 1) % slots;
            seen = Math.min(seen + 1, slots);
            // The oldest reading still within a span of now, once a whole span has been read.
            int oldest = seen < slots ? 0 : next;
            long spanCompile = total - compiled[oldest];
            boolean wholeSpan = now - at[oldest] >= span;
            if (now >= minimumEnd && wholeSpan && spanCompile <= QUIET_MILLIS) {
                return new Outcome(now, spanCompile, false);
            }
            if (now >= capEnd) {
                return new Outcome(now, spanCompile, true);
            }
            clock.sleepUntil(Math.min(now + every, capEnd));
        }
    }
}
