package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.workload.Verdict;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ledger of a run without {@code --strict}: it gives versions and judges nothing. */
class KeyLedgerTest {

    @Test
    void noneJudgesNothingAndReportsNothing() {
        KeyLedger none = KeyLedger.NONE;
        none.endWrite(1, 5, 10, 20, true);
        assertEquals(Verdict.MATCH, none.checkRead(1, -1, 30, 40), "a miss right after an acknowledged write");
        assertEquals(Verdict.MATCH, none.checkRead(1, 4, 30, 40), "an older version");
        assertTrue(none.findings().isEmpty());
        assertTrue(none.result().isEmpty());
    }

    @Test
    void noneGivesNonNegativeVersionsThatDifferFromWriteToWrite() {
        SplittableRandom random = new SplittableRandom(42);
        long first = KeyLedger.NONE.beginWrite(3, random);
        long second = KeyLedger.NONE.beginWrite(3, random);
        assertTrue(first >= 0 && second >= 0, first + ", " + second);
        assertNotEquals(first, second);
    }
}
