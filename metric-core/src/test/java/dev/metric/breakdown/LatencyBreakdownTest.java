package dev.metric.breakdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class LatencyBreakdownTest {

    private static final double EXACT = 1e-9;

    @Test
    void theRestIsWhatTheClientAndTheServerLeave() {
        LatencyBreakdown get = LatencyBreakdown.split("GET", "per read", 1000, 50.0, 300, 600, 0.4,
                OptionalDouble.of(2.5));

        assertEquals(0.3, get.encodeMicros(), EXACT);
        assertEquals(0.6, get.decodeMicros(), EXACT);
        assertEquals(0.4, get.poolMicros(), EXACT, "the measured wait, as given");
        assertEquals(1.3, get.clientMicros(), EXACT);
        assertEquals(2.5, get.serverMicros(), EXACT);
        assertEquals(46.2, get.networkMicros(), EXACT);
    }

    @Test
    void withoutTheServersFigureItsTimeStaysInTheRest() {
        LatencyBreakdown get = LatencyBreakdown.split("GET", "per read", 10, 20.0, 500, 500, 0,
                OptionalDouble.empty());

        assertTrue(Double.isNaN(get.serverMicros()));
        assertEquals(19.0, get.networkMicros(), EXACT);
    }
}
