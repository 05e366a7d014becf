package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.result.JvmActivity;
import org.junit.jupiter.api.Test;

class JvmCountersTest {

    @Test
    void aCollectionBetweenTwoReadingsIsCounted() {
        JvmCounters before = JvmCounters.now();
        System.gc();
        JvmActivity activity = JvmCounters.now().since(before);

        assertTrue(activity.gcCount() >= 1, "System.gc() collects: " + activity);
        assertTrue(activity.gcMillis() >= 0, activity.toString());
    }

    @Test
    void compileTimeStaysUnknownWhenEitherReadingLacksIt() {
        JvmCounters before = new JvmCounters(120, 3, 40);

        assertEquals(new JvmActivity(30, 1, 12), new JvmCounters(150, 4, 52).since(before));
        assertEquals(new JvmActivity(-1, 2, 15), new JvmCounters(-1, 5, 55).since(before));
        assertEquals(new JvmActivity(-1, 0, 0), new JvmCounters(-1, 3, 40).since(new JvmCounters(-1, 3, 40)));
    }
}
