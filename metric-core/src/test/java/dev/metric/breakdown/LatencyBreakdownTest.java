package dev.metric.breakdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class LatencyBreakdownTest {

    private static final double EXACT = 1e-9;

    @Test
    void theNetworkIsWhatTheClientAndTheServerLeave() {
        LatencyBreakdown get = LatencyBreakdown.split("GET", "per read", 1000, 50.0,
                300, 600, 400, 1.0, OptionalDouble.of(2.5));

        assertEquals(0.3, get.encodeMicros(), EXACT);
        assertEquals(0.6, get.decodeMicros(), EXACT);
        assertEquals(0.4, get.poolMicros(), EXACT);
        assertEquals(1.3, get.clientMicros(), EXACT);
        assertEquals(2.5, get.serverMicros(), EXACT);
        assertEquals(50.0 - 1.3 - 2.5, get.networkMicros(), EXACT);
        assertEquals(get.endToEndMicros(), get.clientMicros() + get.serverMicros() + get.networkMicros(), EXACT);
    }

    @Test
    void aConnectionSharedByABatchCostsEachRequestItsShare() {
        LatencyBreakdown set = LatencyBreakdown.split("SET", "per write", 6400, 10.0,
                800, 50, 640, 1 / 64.0, OptionalDouble.of(1.0));

        assertEquals(0.01, set.poolMicros(), EXACT);
        assertEquals(0.8 + 0.05 + 0.01, set.clientMicros(), EXACT);
    }

    @Test
    void withoutTheServersFigureItsTimeStaysInTheRest() {
        LatencyBreakdown get = LatencyBreakdown.split("GET", "per read", 10, 20.0, 500, 500, 0, 1,
                OptionalDouble.empty());

        assertTrue(Double.isNaN(get.serverMicros()));
        assertEquals(19.0, get.networkMicros(), EXACT);
    }
}
