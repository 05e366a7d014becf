package dev.metric.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void parsesAListOfTheMenusPercentilesAndNamesThem() {
        Percentiles chosen = Percentiles.parse("50, 90,99,99.9,99.99");

        assertEquals(List.of(50.0, 90.0, 99.0, 99.9, 99.99), chosen.values());
        assertEquals("p9999", Percentiles.key(99.99));
        assertEquals("p995", Percentiles.key(99.5));
        assertEquals("p50", Percentiles.key(50));
        assertEquals("p99.95", Percentiles.label(99.95));
    }

    @Test
    void refusesWhatIsNotOnTheMenuOutOfOrderOrNotANumber() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Percentiles.parse("50,98"))
                .getMessage().startsWith("percentiles: 98 is not one of 50,75,90,95,99,99.5,99.9,99.95,99.99,"
                        + "99.999"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Percentiles.parse("99,50"))
                .getMessage().contains("ascending and distinct"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Percentiles.parse("99,99"))
                .getMessage().contains("ascending and distinct"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Percentiles.parse("p99"))
                .getMessage().contains("takes numbers"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Percentiles.parse("50,"))
                .getMessage().contains("takes numbers"));
    }

    @Test
    void aSummaryHoldsEveryPercentileOfTheMenu() {
        Histogram nanos = new Histogram(3);
        for (long value = 1; value <= 10_000; value++) {
            nanos.recordValue(value * 1000); // 1 us .. 10 ms, evenly
        }

        LatencySummary summary = LatencySummary.of(nanos);

        assertEquals(7_500, summary.micros(75), 7_500 * 0.001, "the 7,500th of 10,000");
        assertEquals(9_999, summary.micros(99.99), 9_999 * 0.001);
        assertEquals(summary.p999Micros(), summary.micros(99.9));
        assertThrows(IllegalArgumentException.class, () -> summary.micros(98));
    }
}
