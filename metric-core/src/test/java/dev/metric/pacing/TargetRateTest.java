package dev.metric.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetRateTest {

    @Test
    void zeroIsTheClosedLoopAndOneOperationPerSecondIsPaced() {
        assertFalse(TargetRate.CLOSED_LOOP.paced());
        assertEquals(TargetRate.CLOSED_LOOP, new TargetRate(0));
        assertTrue(new TargetRate(1).paced());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.5       | rate must be at least 1 operation per second, got 0.5",
        "-3        | rate must be 0 or more operations per second, got -3.0",
        "NaN       | rate must be 0 or more operations per second, got NaN",
        "Infinity  | rate must be 0 or more operations per second, got Infinity",
    })
    void refusesWhatIsNoRate(double opsPerSec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> new TargetRate(opsPerSec))
                .getMessage());
    }
}
