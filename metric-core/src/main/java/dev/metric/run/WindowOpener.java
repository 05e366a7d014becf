package dev.metric.run;

import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.NanoClock;
import java.time.Duration;

/**
 * Opens a drive's {@link MeasuredWindow} from a thread of its own while the lanes drive: once the
 * warm-up may end ({@link WarmupEnd}), it runs what must happen at the switch (readings of the
 * process to set against the end's) and opens the window at that instant, for the measurement's
 * length. Closed after the drive, it stops waiting if the drive ended first.
 */
public final class WindowOpener implements AutoCloseable {

    /** What runs at the switch, just before the window opens. */
    @FunctionalInterface
    public interface AtSwitch {
        void run() throws InterruptedException;
    }

    private final Thread thread;
    private volatile WarmupEnd.Outcome outcome;
    private volatile RuntimeException failure;

    private WindowOpener(MeasuredWindow window, WarmupEnd end, NanoClock clock, Duration length,
                         AtSwitch atSwitch) {
        long start = clock.nanoTime();
        this.thread = new Thread(() -> {
            try {
                WarmupEnd.Outcome ended = end.await(start);
                try {
                    atSwitch.run();
                } catch (RuntimeException e) {
                    failure = e;
                } finally {
                    // Opened whatever happened: a window that never opens would never close.
                    window.open(clock.nanoTime(), length);
                    outcome = ended;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "metric-warmup-end");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Starts waiting for the warm-up's end from now.
     *
     * @param atSwitch runs just before the window opens
     */
    public static WindowOpener start(MeasuredWindow window, WarmupEnd end, NanoClock clock, Duration length,
                                     AtSwitch atSwitch) {
        return new WindowOpener(window, end, clock, length, atSwitch);
    }

    /** How the warm-up ended; null when the window never opened (the drive was stopped first). */
    public WarmupEnd.Outcome outcome() {
        return outcome;
    }

    /**
     * Stops waiting, if it still does, and waits for the thread.
     *
     * @throws IllegalStateException when what ran at the switch failed
     */
    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
        if (failure != null) {
            throw new IllegalStateException("the measured window could not be opened: " + failure, failure);
        }
    }
}
