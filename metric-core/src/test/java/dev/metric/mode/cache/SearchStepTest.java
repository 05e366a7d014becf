package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.config.Slo;
import dev.metric.result.ClientStalls;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Whose a broken service-time objective is: the server's, or the client's stalls'. */
class SearchStepTest {

    private static final long MS = 1_000_000;

    /**
     * A client stalled 4 ms ten times in a second: of its 1,000 moments 960 waited nothing and 10
     * each waited 1, 2, 3 and 4 ms for the process to run; 970 wake-ups, 10 of them late.
     */
    private static ClientStalls stalledFourPercentOfTheTime() {
        Histogram wakeUps = new Histogram(3);
        Histogram moments = new Histogram(3);
        wakeUps.recordValueWithCount(0, 960);
        wakeUps.recordValueWithCount(4 * MS, 10);
        moments.recordValueWithCount(0, 960);
        for (long late = 1; late <= 4; late++) {
            moments.recordValueWithCount(late * MS, 10);
        }
        return ClientStalls.of(wakeUps, moments, MS);
    }

    @Test
    void anObjectiveTheStallsAloneBreakIsTheClientsAndOneTheyMeetIsTheServers() {
        ClientStalls stalls = stalledFourPercentOfTheTime();

        assertTrue(SearchStep.stallsBreakAll(List.of(Slo.parse("p99=1ms")), stalls), "p99 of the moments is 3 ms");
        assertFalse(SearchStep.stallsBreakAll(List.of(Slo.parse("p99=5ms")), stalls), "the longest stall was 4 ms");
        assertFalse(SearchStep.stallsBreakAll(List.of(Slo.parse("p95=500us")), stalls),
                "95 moments in 100 waited nothing");
    }

    @Test
    void theStallsExplainABrokenStepOnlyWhenTheyBreakEveryObjectiveServiceTimeBroke() {
        ClientStalls stalls = stalledFourPercentOfTheTime();

        assertFalse(SearchStep.stallsBreakAll(List.of(Slo.parse("p99=1ms"), Slo.parse("p50=100us")), stalls),
                "the median the stalls meet is the server's");
        assertTrue(SearchStep.stallsBreakAll(List.of(Slo.parse("p99=1ms"), Slo.parse("p99.9=2ms")), stalls));
    }

    @Test
    void withoutAMeterNothingIsTheStalls() {
        assertFalse(SearchStep.stallsBreakAll(List.of(Slo.parse("p99=1ms")), ClientStalls.NONE));
    }
}
