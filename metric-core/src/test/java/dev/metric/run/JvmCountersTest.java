package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class JvmCountersTest {

    /**
     * Garbage is made until the collectors' own beans say one ran (System.gc() may be ignored): the
     * readings on either side of it count it.
     */
    @Test
    void aCollectionBetweenTwoReadingsIsCounted() {
        JvmCounters before = JvmCounters.now();
        long collections = collections();
        long garbage = 0;
        while (collections() == collections) {
            byte[] chunk = new byte[1 << 20];
            garbage += chunk.length;
        }
        JvmCounters activity = JvmCounters.now().since(before);

        assertTrue(activity.gcCount() >= 1, "a collection ran, after " + (garbage >> 20) + " MB: " + activity);
        assertTrue(activity.gcMillis() >= 0, activity.toString());
        assertTrue(activity.allocatedBytes() >= garbage, "the garbage made is counted as allocated: " + activity);
    }

    @Test
    void anotherThreadsAllocationBetweenTwoReadingsIsCounted() throws InterruptedException {
        int chunks = 64;
        byte[][] kept = new byte[chunks][];
        CountDownLatch allocated = new CountDownLatch(1);
        CountDownLatch read = new CountDownLatch(1);
        Thread allocating = new Thread(() -> {
            for (int i = 0; i < chunks; i++) {
                kept[i] = new byte[1 << 20];
            }
            allocated.countDown();
            try {
                read.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        JvmCounters before = JvmCounters.now();
        allocating.start();
        allocated.await();
        JvmCounters activity = JvmCounters.now().since(before);
        read.countDown();
        allocating.join();

        assertTrue(activity.allocatedBytes() >= (long) chunks << 20,
                "the other thread's " + chunks + " MB are counted: " + activity);
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(collector -> Math.max(0, collector.getCollectionCount())).sum();
    }

    @Test
    void compileTimeAndAllocationStayUnknownWhenEitherReadingLacksThem() {
        JvmCounters before = new JvmCounters(120, 3, 40, 1_000);

        assertEquals(new JvmCounters(30, 1, 12, 500), new JvmCounters(150, 4, 52, 1_500).since(before));
        assertEquals(new JvmCounters(-1, 2, 15, -1), new JvmCounters(-1, 5, 55, -1).since(before));
        assertEquals(new JvmCounters(-1, 0, 0, 0),
                new JvmCounters(-1, 3, 40, 7).since(new JvmCounters(-1, 3, 40, 7)));
    }

    @Test
    void allocationIsNeverNegativeWhenAThreadThatAllocatedHasEnded() {
        assertEquals(0, new JvmCounters(10, 0, 0, 400).since(new JvmCounters(10, 0, 0, 900)).allocatedBytes());
    }
}
