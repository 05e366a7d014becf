package dev.metric.run;

import java.time.Duration;

/**
 * Waits, before a measured phase, until the JIT compiler has been quiet for a moment. The end of a
 * warm-up takes branches the compiled code had never seen taken (the phase's end itself), which
 * throws that code away; recompiling it at the start of the next phase takes the client's core
 * for milliseconds at a time, and on a client with one core every operation due meanwhile is
 * sent late. That lateness is the harness's own, not the server's, and not what a warmed-up
 * application sees. Bounded: a JIT that never settles costs at most {@link #AT_MOST}.
 */
public final class JitSettle {

    /** How long the compiler must have compiled nothing. */
    static final Duration QUIET = Duration.ofMillis(200);
    /** The longest wait. */
    static final Duration AT_MOST = Duration.ofSeconds(3);
    private static final long LOOK_EVERY_MILLIS = 20;

    private JitSettle() {
    }

    /**
     * Waits until the compiler has spent no time compiling for {@link #QUIET}, at most
     * {@link #AT_MOST}; at once where the JVM does not report compilation time.
     *
     * @return how long it waited, in milliseconds
     */
    public static long await() throws InterruptedException {
        long compiled = JvmCounters.totalCompileMillis();
        if (compiled < 0) {
            return 0;
        }
        long start = System.nanoTime();
        long quietSince = start;
        while (System.nanoTime() - quietSince < QUIET.toNanos() && System.nanoTime() - start < AT_MOST.toNanos()) {
            Thread.sleep(LOOK_EVERY_MILLIS);
            long now = JvmCounters.totalCompileMillis();
            if (now != compiled) {
                compiled = now;
                quietSince = System.nanoTime();
            }
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
