package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a report says that its measured traffic went slower than its warm-up. */
class WarmupPaceTest {

    @Test
    void aMeasuredPhaseWellBelowItsWarmupIsNamedWithBothRates() {
        Optional<String> note = WarmupPace.note(36_705, 14_421);

        assertTrue(note.isPresent());
        assertTrue(note.get().startsWith("the measured traffic ran at 0.39 of the warm-up's rate (14,421 against"
                + " 36,705 ops/s)"), note.get());
        assertTrue(note.get().endsWith("(docs/modes.md, \"Slower than its warm-up\")"), note.get());
    }

    @Test
    void aMeasuredPhaseNearOrAboveItsWarmupIsNotRemarkedOn() {
        assertEquals(Optional.empty(), WarmupPace.note(13_000, 12_000), "0.92 of it");
        assertEquals(Optional.empty(), WarmupPace.note(10_000, 8_000), "exactly the threshold");
        assertEquals(Optional.empty(), WarmupPace.note(12_800, 13_300));
    }

    @Test
    void aWarmupWithoutARateSaysNothing() {
        assertEquals(Optional.empty(), WarmupPace.note(0, 100));
        assertEquals(Optional.empty(), WarmupPace.note(Double.NaN, 100));
    }
}
