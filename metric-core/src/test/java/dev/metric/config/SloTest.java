package dev.metric.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SloTest {

    @Test
    void parsesAnyPercentileAndUnit() {
        assertEquals(new Slo(99, 1_000_000), Slo.parse("p99=1ms"));
        assertEquals(new Slo(99.9, 500_000), Slo.parse("p99.9=500us"));
        assertEquals(new Slo(50, 250_000), Slo.parse("P50 = 250µs"));
        assertEquals(new Slo(95, 1_500_000_000), Slo.parse("p95=1.5s"));
        assertEquals(new Slo(100, 800), Slo.parse("p100=800ns"));
        assertEquals(List.of(new Slo(99, 1_000_000), new Slo(50, 200_000)), Slo.parseAll("p99=1ms, p50=200us"));
    }

    @Test
    void refusesWhatItCannotRead() {
        for (String bad : List.of("", "99=1ms", "p99<1ms", "p99=1", "p99=1min", "p0=1ms", "p101=1ms",
                "p99=0ms")) {
            assertThrows(IllegalArgumentException.class, () -> Slo.parse(bad), bad);
        }
    }

    @Test
    void isHeldWhenThePercentileIsAtMostTheThreshold() {
        Histogram nanos = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            nanos.recordValue(i * 10_000L);
        }
        assertTrue(new Slo(99, 1_000_000).heldBy(nanos));
        assertFalse(new Slo(99, 900_000).heldBy(nanos));
        assertFalse(new Slo(99, 1_000_000).heldBy(new Histogram(3)), "nothing measured holds nothing");
        Histogram less = new Histogram(3);
        less.recordValue(200_000);
        assertTrue(new Slo(99, 900_000).heldByLess(nanos, less), "p99 about 990 us less 200 us");
        assertFalse(new Slo(99, 700_000).heldByLess(nanos, less), "about 790 us is still over 700 us");
        assertFalse(new Slo(99, 1_000_000).heldByLess(new Histogram(3), less), "nothing measured holds nothing");
        assertEquals("p99.9 <= 1.5 ms", new Slo(99.9, 1_500_000).toString());
    }
}
