package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The replay's sets and maps of key ids against the JDK's, through many growths. */
class KeyIdSetTest {

    @Test
    void aSetHoldsWhatWasAddedOnceAndNothingElse() {
        KeyIdSet set = new KeyIdSet();
        Set<Long> expected = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long id = i % 3 == 0 ? random.nextLong(1_000) : random.nextLong() & Long.MAX_VALUE;
            assertEquals(expected.add(id), set.add(id), "added " + id);
        }
        assertEquals(expected.size(), set.size());
        expected.forEach(id -> assertTrue(set.contains(id)));
        assertFalse(set.contains(1_000_000_007L));
        assertEquals(expected.add(0L), set.add(0), "0 is an id like any other");
        assertTrue(set.contains(0));
        assertFalse(set.add(0));
    }

    @Test
    void versionsKeepTheLastStatePutForEachKey() {
        KeyIdLongs versions = new KeyIdLongs();
        Map<Long, Long> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 200_000; i++) {
            long id = random.nextLong(50_000);
            long state = random.nextLong(-2, 1L << 40);
            versions.put(id, state);
            expected.put(id, state);
        }
        assertEquals(expected.size(), versions.size());
        expected.forEach((id, state) -> assertEquals(state, versions.get(id, Long.MIN_VALUE), "key " + id));
        assertEquals(Long.MIN_VALUE, versions.get(50_000, Long.MIN_VALUE), "a key never put");
    }
}
