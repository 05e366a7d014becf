package dev.metric.engine;

import dev.metric.client.IoLoop;
import dev.metric.pacing.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One event loop's share of a drive: its lanes, and the one timer that keeps their schedule. The
 * timer is set for the earliest operation due on a lane with room in its window, a timer slack
 * early, since a lone kernel timer fires at the end of its slack; it sends what is due on every lane
 * of the loop and sets itself again. A lane whose window is full when an operation falls due sends
 * it from its next completion, late, and the lateness is measured. Everything here runs on the loop's
 * thread, but {@link #start} and {@link #turnNow}, which hand their work to it.
 */
final class LoopDriver implements Runnable {

    private final IoLoop loop;
    private final NanoClock clock;
    private final Runnable finished;
    private final Consumer<Throwable> failed;
    private final List<LoopLane<?>> lanes = new ArrayList<>();
    private int running;
    private long armedForNanos = Long.MAX_VALUE;
    private IoLoop.Timer armed;

    /**
     * @param finished called once every lane has finished
     * @param failed   called with what a lane threw, which ends the drive
     */
    LoopDriver(IoLoop loop, NanoClock clock, Runnable finished, Consumer<Throwable> failed) {
        this.loop = loop;
        this.clock = clock;
        this.finished = finished;
        this.failed = failed;
    }

    void add(LoopLane<?> lane) {
        lanes.add(lane);
        running++;
    }

    IoLoop loop() {
        return loop;
    }

    /** Sets the first turn for {@code startNanos}, from any thread. */
    void start(long startNanos) {
        loop.execute(() -> guarded(() -> arm(startNanos, true)));
    }

    /** Has the loop take a turn at once, from any thread: to pass on a stop. */
    void turnNow() {
        loop.execute(() -> guarded(() -> turn(clock.nanoTime())));
    }

    /** The timer fired: send what is due, unless it fired early, when the loop woke for something else. */
    @Override
    public void run() {
        guarded(() -> {
            long due = armedForNanos;
            armed = null;
            armedForNanos = Long.MAX_VALUE;
            long now = clock.nanoTime();
            if (now < due - NanoClock.SPIN_NANOS) {
                // Set again for the due time itself: the loop is awake often enough to be about on time.
                arm(due, false);
                return;
            }
            if (now < due) {
                spinUntil(due);
                now = clock.nanoTime();
            }
            turn(now);
        });
    }

    /** Waits the last few microseconds to a due time, never long enough to keep the loop from its I/O. */
    private void spinUntil(long dueNanos) {
        try {
            clock.sleepUntil(dueNanos);
        } catch (InterruptedException e) {
            // Only a thread shutting down the loop interrupts it; the turn is taken all the same.
            Thread.currentThread().interrupt();
        }
    }

    /** Sends what is due on every lane, then sets the timer for what falls due next. */
    private void turn(long now) {
        for (LoopLane<?> lane : lanes) {
            lane.pump(now);
        }
        for (LoopLane<?> lane : lanes) {
            wakeFor(lane.nextSendNanos(now));
        }
    }

    /** Makes sure the timer fires for an operation due at {@code dueNanos} (never, for {@link Long#MAX_VALUE}). */
    void wakeFor(long dueNanos) {
        if (dueNanos < armedForNanos) {
            arm(dueNanos, true);
        }
    }

    private void arm(long dueNanos, boolean early) {
        if (armed != null) {
            armed.cancel();
        }
        armedForNanos = dueNanos;
        long delay = dueNanos - clock.nanoTime() - (early ? loop.timerSlackNanos() : 0);
        armed = loop.schedule(this, delay);
    }

    /** A lane has nothing left to send and nothing outstanding. */
    void laneFinished() {
        if (--running == 0) {
            if (armed != null) {
                armed.cancel();
                armed = null;
            }
            finished.run();
        }
    }

    /** Runs {@code work}, passing on what it throws as the drive's failure. */
    void guarded(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    /** Ends the drive with what a lane threw. */
    void fail(Throwable e) {
        failed.accept(e);
    }
}
