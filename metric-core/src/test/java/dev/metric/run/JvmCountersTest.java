package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
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
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(collector -> Math.max(0, collector.getCollectionCount())).sum();
    }

    @Test
    void compileTimeStaysUnknownWhenEitherReadingLacksIt() {
        JvmCounters before = new JvmCounters(120, 3, 40);

        assertEquals(new JvmCounters(30, 1, 12), new JvmCounters(150, 4, 52).since(before));
        assertEquals(new JvmCounters(-1, 2, 15), new JvmCounters(-1, 5, 55).since(before));
        assertEquals(new JvmCounters(-1, 0, 0), new JvmCounters(-1, 3, 40).since(new JvmCounters(-1, 3, 40)));
    }
}
