package dev.metric.config;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunLimitsTest {

    @Test
    void aStrictKeyCountWhoseLedgerTheHeapCannotHoldIsRefusedUpFront() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RunLimits.checkStrictHeapFor(Integer.MAX_VALUE));
        assertTrue(refused.getMessage().startsWith("strict keeps 16 bytes per key: 32,767 MB for 2,147,483,647 keys"),
                refused.getMessage());
        assertDoesNotThrow(() -> RunLimits.checkStrictHeapFor(1024));
    }

    @Test
    void threadsRunFromOneToAThousand() {
        assertDoesNotThrow(() -> RunLimits.checkThreads(1));
        assertDoesNotThrow(() -> RunLimits.checkThreads(1000));
        assertEquals("threads must be 1..1000, got 0",
                assertThrows(IllegalArgumentException.class, () -> RunLimits.checkThreads(0)).getMessage());
        assertEquals("threads must be 1..1000, got 1001",
                assertThrows(IllegalArgumentException.class, () -> RunLimits.checkThreads(1001)).getMessage());
    }
}
