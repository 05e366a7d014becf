package dev.metric.run;

import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.NanoClock;
import dev.metric.record.LatencyRecorder;
import dev.metric.result.ClientStalls;
import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The client's own stalls, measured as jHiccup measures a JVM's: a thread that asks to wake every
 * {@link #PERIOD} and records how late it woke. It does nothing else, so a late wake-up is time
 * the client's process could not run: a garbage collection's pause, the JIT compiler or another
 * thread holding the core, the machine's scheduler. Whatever stalls this thread stalls the lanes
 * that send too, and a request due meanwhile goes out late: that share of its response time is
 * the client's, not the server's.
 *
 * <p>Each wake-up counts on the side of the drive's {@link MeasuredWindow} it was due on, as a
 * request does. After a late wake-up the next is asked for a period later, so that one stall is
 * one wake-up, not one per period it lasted; the wake-ups it hid are filled in apart, as jHiccup
 * does, for the percentiles of a moment picked at random ({@link ClientStalls}).
 */
public final class StallMeter implements AutoCloseable {

    /** How often the meter asks to wake. */
    public static final Duration PERIOD = Duration.ofMillis(1);
    /** A wake-up at least this late counts as a stall. */
    public static final Duration STALL = Duration.ofMillis(1);

    private final NanoClock clock;
    private final MeasuredWindow window;
    private final Lateness[] lateness = {new Lateness(), new Lateness()};
    private final Thread thread;
    private volatile boolean running = true;

    private StallMeter(NanoClock clock, MeasuredWindow window, boolean start) {
        this.clock = clock;
        this.window = window;
        this.thread = start ? new Thread(this::run, "metric-stall-meter") : null;
        if (thread != null) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Starts metering on a thread of its own until {@link #close}. */
    public static StallMeter start(NanoClock clock, MeasuredWindow window) {
        return new StallMeter(clock, window, true);
    }

    /** A meter whose wake-ups the caller drives ({@link #wake}), for a test on a fake clock. */
    static StallMeter driven(NanoClock clock, MeasuredWindow window) {
        return new StallMeter(clock, window, false);
    }

    private void run() {
        long due = clock.nanoTime() + PERIOD.toNanos();
        try {
            while (running) {
                due = wake(due);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Sleeps until {@code dueNanos}, records how late it woke, and returns when the next wake-up is due.
     */
    long wake(long dueNanos) throws InterruptedException {
        clock.sleepUntil(dueNanos);
        long woke = clock.nanoTime();
        lateness[window.sideOf(dueNanos)].record(Math.max(0, woke - dueNanos));
        return Math.max(dueNanos, woke) + PERIOD.toNanos();
    }

    /** The stalls on {@code side} of the window ({@link MeasuredWindow#WARM_UP} or {@link MeasuredWindow#MEASURED}). */
    public ClientStalls stalls(int side) {
        return lateness[side].stalls();
    }

    /**
     * One side's wake-ups, written by the meter's thread alone and read by another while it runs:
     * how late each was, and the same with the wake-ups each late one hid filled in.
     */
    private static final class Lateness {

        private final SingleWriterRecorder wakeUps = new SingleWriterRecorder(LatencyRecorder.SIGNIFICANT_DIGITS);
        private final SingleWriterRecorder moments = new SingleWriterRecorder(LatencyRecorder.SIGNIFICANT_DIGITS);
        private final Histogram wakeUpsTotal = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
        private final Histogram momentsTotal = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);

        void record(long lateNanos) {
            wakeUps.recordValue(lateNanos);
            moments.recordValueWithExpectedInterval(lateNanos, PERIOD.toNanos());
        }

        synchronized ClientStalls stalls() {
            wakeUpsTotal.add(wakeUps.getIntervalHistogram());
            momentsTotal.add(moments.getIntervalHistogram());
            return ClientStalls.of(wakeUpsTotal.copy(), momentsTotal.copy(), STALL.toNanos());
        }
    }

    /** Stops the meter's thread and waits for it. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join();
        }
    }
}
