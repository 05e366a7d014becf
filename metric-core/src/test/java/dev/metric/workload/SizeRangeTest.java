package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizeRangeTest {

    @Test
    void picksEveryLengthOfTheRangeAndNoOther() {
        SizeRange range = new SizeRange(3, 5);
        assertEquals(3, range.pick(0));
        assertEquals(4, range.pick(1));
        assertEquals(5, range.pick(2));
        assertEquals(3, range.pick(3));
        int picked = range.pick(-1L);
        assertEquals(true, picked >= 3 && picked <= 5);
    }

    @Test
    void rejectsEmptyAndInvertedRanges() {
        assertThrows(IllegalArgumentException.class, () -> new SizeRange(0, 5));
        assertThrows(IllegalArgumentException.class, () -> new SizeRange(6, 5));
    }
}
