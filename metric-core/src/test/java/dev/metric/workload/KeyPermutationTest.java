package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyPermutationTest {

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(longs = {1, 2, 3, 5, 7, 8, 17, 255, 1000, 1023, 1024, 1025, 65_537, 3_072_000})
    void everyIndexComesUpExactlyOnce(long n) {
        KeyPermutation permutation = new KeyPermutation(42, n);
        BitSet seen = new BitSet((int) n);
        for (long position = 0; position < n; position++) {
            long index = permutation.indexAt(position);
            assertTrue(index >= 0 && index < n, "index " + index + " outside [0, " + n + ")");
            assertFalse(seen.get((int) index), "index " + index + " came up twice");
            seen.set((int) index);
        }
        assertEquals(n, seen.cardinality());
    }

    @Test
    void theOrderIsShuffledAndDependsOnTheSeed() {
        int n = 100_000;
        KeyPermutation first = new KeyPermutation(1, n);
        KeyPermutation second = new KeyPermutation(2, n);
        int fixedPoints = 0;
        int ascendingSteps = 0;
        int sameInBoth = 0;
        for (int position = 0; position < n; position++) {
            long index = first.indexAt(position);
            fixedPoints += index == position ? 1 : 0;
            ascendingSteps += position > 0 && index > first.indexAt(position - 1) ? 1 : 0;
            sameInBoth += index == second.indexAt(position) ? 1 : 0;
        }
        // A uniformly random permutation has one fixed point on average, ascends half the time,
        // and agrees with another one in about one position.
        assertTrue(fixedPoints < 20, "fixed points: " + fixedPoints);
        assertTrue(Math.abs(ascendingSteps - n / 2) < n / 50, "ascending steps: " + ascendingSteps);
        assertTrue(sameInBoth < 20, "positions where two seeds agree: " + sameInBoth);
    }

    @Test
    void theSameSeedGivesTheSameOrder() {
        KeyPermutation one = new KeyPermutation(7, 5000);
        KeyPermutation again = new KeyPermutation(7, 5000);
        for (int position = 0; position < 5000; position++) {
            assertEquals(one.indexAt(position), again.indexAt(position));
        }
    }

    @Test
    void positionsOutsideTheRangeAndEmptyRangesAreRefused() {
        KeyPermutation permutation = new KeyPermutation(1, 10);
        assertThrows(IndexOutOfBoundsException.class, () -> permutation.indexAt(10));
        assertThrows(IndexOutOfBoundsException.class, () -> permutation.indexAt(-1));
        assertThrows(IllegalArgumentException.class, () -> new KeyPermutation(1, 0));
    }
}
