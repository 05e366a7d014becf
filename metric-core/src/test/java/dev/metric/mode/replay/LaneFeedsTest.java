package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The queues between a trace's reader and its lanes: order, markers, and how a full queue makes the reader wait. */
class LaneFeedsTest {

    private static TraceOp op(long line) {
        byte[][] words = {"PING".getBytes(StandardCharsets.US_ASCII)};
        return new TraceOp(line, TraceCommand.KEYLESS, 0, words, 0, -1);
    }

    @Test
    void eachLaneGetsItsCommandsInOrderThenItsEnd() throws InterruptedException {
        LaneFeeds feeds = new LaneFeeds(2, LaneFeeds.CAPACITY, () -> false);
        TraceOp first = op(1);
        TraceOp second = op(2);
        TraceOp other = op(3);
        assertTrue(feeds.put(0, first));
        assertTrue(feeds.put(1, other));
        assertTrue(feeds.put(0, second));
        feeds.end();
        assertSame(first, feeds.poll(0));
        assertSame(second, feeds.poll(0));
        assertSame(TraceOp.END, feeds.poll(0));
        assertNull(feeds.poll(0), "nothing after the end, and no wait for it");
        assertSame(other, feeds.poll(1));
        assertSame(TraceOp.END, feeds.poll(1));
    }

    @Test
    void aReaderThatFillsAQueueGoesOnOnlyOnceItsLaneHasTakenHalfOfIt() throws InterruptedException {
        LaneFeeds feeds = new LaneFeeds(2, LaneFeeds.CAPACITY, () -> false);
        int each = LaneFeeds.CAPACITY / 2;
        for (int i = 0; i < each; i++) {
            assertTrue(feeds.put(0, op(i)));
        }
        TraceOp last = op(each);
        AtomicBoolean queued = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            try {
                queued.set(feeds.put(0, last));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        reader.start();
        awaitWaiting(reader);
        assertEquals(0, feeds.poll(0).line);
        reader.join(100);
        assertTrue(reader.isAlive(), "one command taken from a full queue does not wake the reader for one more");
        for (int i = 1; i < each / 2; i++) {
            assertEquals(i, feeds.poll(0).line);
        }
        reader.join(10_000);
        assertFalse(reader.isAlive(), "half the queue taken: the reader goes on");
        assertTrue(queued.get());
        for (int i = each / 2; i < each; i++) {
            assertEquals(i, feeds.poll(0).line);
        }
        assertSame(last, feeds.poll(0));
    }

    /** Until {@code reader} waits for room: what a lane takes before then would make room it never waits for. */
    private static void awaitWaiting(Thread reader) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (reader.getState() != Thread.State.TIMED_WAITING && reader.getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline, "the reader never waited for room");
            Thread.sleep(1);
        }
    }

    @Test
    void aReaderWaitingForRoomStopsWhenTheRunIsStopped() throws InterruptedException {
        AtomicBoolean stopped = new AtomicBoolean();
        LaneFeeds feeds = new LaneFeeds(1, LaneFeeds.PACED_CAPACITY, stopped::get);
        for (int i = 0; i < LaneFeeds.PACED_CAPACITY; i++) {
            assertTrue(feeds.put(0, op(i)));
        }
        AtomicBoolean queued = new AtomicBoolean(true);
        Thread reader = new Thread(() -> {
            try {
                queued.set(feeds.put(0, op(-1)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        reader.start();
        awaitWaiting(reader);
        stopped.set(true);
        reader.join(10_000);
        assertFalse(reader.isAlive());
        assertFalse(queued.get(), "a stopped run's reader queues nothing more");
    }
}
