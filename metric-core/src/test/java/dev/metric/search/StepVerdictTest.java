package dev.metric.search;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.config.Slo;
import dev.metric.result.ClientStalls;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Whose a broken service-time objective is: the server's, or the client's stalls'. */
class StepVerdictTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    /**
     * A client stalled 4 ms ten times in a second: of its 1,000 moments 960 waited nothing and 10
     * each waited 1, 2, 3 and 4 ms for the process to run (p99 3 ms); 970 wake-ups, 10 of them late.
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

    /** 1,000 service times: 200 us but for the slowest 2%, {@code tailNanos}. */
    private static Histogram service(long tailNanos) {
        Histogram service = new Histogram(3);
        service.recordValueWithCount(200 * US, 980);
        service.recordValueWithCount(tailNanos, 20);
        return service;
    }

    @Test
    void aServiceTimeOverItsObjectiveByNoMoreThanTheStallsIsTheClients() {
        List<Slo> broken = List.of(Slo.parse("p99=1ms"));

        assertTrue(StepVerdict.stallsExplainAll(broken, service(3_900 * US), stalledFourPercentOfTheTime()),
                "3.9 ms less the stalls' 3 ms is within 1 ms");
        assertFalse(StepVerdict.stallsExplainAll(broken, service(10 * MS), stalledFourPercentOfTheTime()),
                "10 ms less 3 ms is not: the server was slow, stalls or not");
    }

    @Test
    void theStallsExplainAStepOnlyWhenTheyCoverEveryObjectiveServiceTimeBroke() {
        ClientStalls stalls = stalledFourPercentOfTheTime();

        assertFalse(StepVerdict.stallsExplainAll(List.of(Slo.parse("p99=1ms"), Slo.parse("p50=100us")),
                service(3_900 * US), stalls), "at the median the client waited nothing: 200 us is the server's");
        assertTrue(StepVerdict.stallsExplainAll(List.of(Slo.parse("p99=1ms"), Slo.parse("p99.9=2ms")),
                service(3_900 * US), stalls), "3.9 ms less 4 ms at p99.9");
    }

    @Test
    void withoutAMeterOrAServiceTimeNothingIsTheStalls() {
        List<Slo> broken = List.of(Slo.parse("p99=1ms"));

        assertFalse(StepVerdict.stallsExplainAll(broken, service(3_900 * US), ClientStalls.NONE));
        assertFalse(StepVerdict.stallsExplainAll(broken, new Histogram(3), stalledFourPercentOfTheTime()));
    }
}
