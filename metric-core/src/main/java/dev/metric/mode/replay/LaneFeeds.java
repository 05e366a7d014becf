package dev.metric.mode.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The queues between the thread that reads a trace and the lanes that send it: one per lane,
 * bounded, so that a trace of any size is held a few thousand commands at a time. Every command
 * of a key goes to the same lane, in the trace's order, so that a read is sent after the writes
 * of its key before it on one connection, and its expected value is known.
 *
 * <p>A reader that finds a queue full waits until its lane has taken half of it, not until there is
 * room for one: woken for every command a lane takes, it read one line per wake, and the reader and
 * the lanes, sharing a core, switched between them for every command (0.46 switches per command
 * replayed against mode2's 0.06 to 0.12, results/replay before this).
 *
 * <p>How far the reader reads ahead depends on the pace. As fast as the lanes go, they must never
 * find their queue empty: {@link #CAPACITY} commands. At the trace's times, the lanes need only keep
 * to a schedule the reader is always ahead of, and the commands waiting in the queues are what
 * every young collection copies while the lanes' loop stands still: {@link #PACED_CAPACITY} halved
 * the collections' time and took the lateness p99 from 3.3-3.7 ms to 2.1-2.2 ms (4 runs of each at
 * --speed 1, a 600,000-line capture at 20,000 commands/s, one core), where 4,096 commands slow a
 * closed-loop replay by 7%.
 */
final class LaneFeeds {

    /** Commands waiting in all the queues together, at most, for lanes that go as fast as they can. */
    static final int CAPACITY = 32_768;
    /** Commands waiting in all the queues together, at most, for lanes that keep the trace's times. */
    static final int PACED_CAPACITY = 4_096;
    private static final long POLL_MILLIS = 50;
    /** How often a reader waiting for a lane to take half its queue looks again. */
    private static final long RESUME_CHECK_MILLIS = 1;

    private final List<BlockingQueue<TraceOp>> queues = new ArrayList<>();
    private final int resumeBelow;
    private final BooleanSupplier stopped;
    private final CountDownLatch readAhead = new CountDownLatch(1);

    /**
     * @param capacity commands waiting in all the queues together, at most: {@link #CAPACITY} or
     *                 {@link #PACED_CAPACITY}
     * @param stopped  whether the run was stopped: the reader's and the runner's waits end when it is
     */
    LaneFeeds(int lanes, int capacity, BooleanSupplier stopped) {
        int each = Math.max(16, capacity / lanes);
        for (int lane = 0; lane < lanes; lane++) {
            queues.add(new ArrayBlockingQueue<>(each));
        }
        this.resumeBelow = each / 2;
        this.stopped = stopped;
    }

    int lanes() {
        return queues.size();
    }

    /**
     * Queues {@code op} for {@code lane}; when its queue is full, first waits until the lane has taken
     * half of it. False when the run was stopped meanwhile. Only the reader's thread calls it.
     */
    boolean put(int lane, TraceOp op) throws InterruptedException {
        BlockingQueue<TraceOp> queue = queues.get(lane);
        if (queue.offer(op)) {
            return true;
        }
        readAhead.countDown();
        while (queue.size() > resumeBelow || !queue.offer(op)) {
            if (stopped.getAsBoolean()) {
                return false;
            }
            Thread.sleep(RESUME_CHECK_MILLIS);
        }
        return true;
    }

    /** Ends every lane's commands. */
    void end() throws InterruptedException {
        endEvery(TraceOp.END);
        readAhead.countDown();
    }

    /** Ends every lane's warm-up commands; false when the run was stopped meanwhile. */
    boolean endWarmup() throws InterruptedException {
        return endEvery(TraceOp.WARMUP_END);
    }

    private boolean endEvery(TraceOp marker) throws InterruptedException {
        for (int lane = 0; lane < queues.size(); lane++) {
            if (!put(lane, marker)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The next command of {@code lane} if the reader has dealt one, else null; {@link TraceOp#END}
     * once its commands have ended, {@link TraceOp#WARMUP_END} between its warm-up and measured
     * commands. Never waits: a lane on an event loop shares its thread.
     */
    TraceOp poll(int lane) {
        return queues.get(lane).poll();
    }

    /**
     * Waits until the reader has read as far ahead as the queues hold (a queue is full) or to the
     * end of its commands, so that the lanes start on commands read and made before the clock.
     */
    void awaitReadAhead() throws InterruptedException {
        while (!readAhead.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (stopped.getAsBoolean()) {
                return;
            }
        }
    }
}
