package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.config.Slo;
import dev.metric.result.JvmActivity;
import dev.metric.search.CapacitySearch;
import dev.metric.search.CapacitySearch.Limit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a search's report says it found and what stopped it, for a search that adds concurrency and one that cannot. */
class SearchTextTest {

    private record Step(double targetOpsPerSec, Limit limit) implements CapacitySearch.Step {
        @Override
        public boolean passed() {
            return limit == null;
        }

        @Override
        public CapacitySearch.Purpose purpose() {
            return CapacitySearch.Purpose.SEARCH;
        }
    }

    private static final List<Step> STEPS = List.of(new Step(1000, null), new Step(2000, Limit.CLIENT),
            new Step(1000, null), new Step(1500, Limit.CLIENT));

    @Test
    void aLateClientsLimitSaysWhatMoreConcurrencyWasTried() {
        String widened = answer(CapacitySearch.MAX_CONCURRENCY_FACTOR);
        String fixed = answer(1);

        assertTrue(widened.contains("answer   1,000 ops/s is the highest rate that met [p99 <= 1 ms] twice and never"
                + " failed, in 4 steps"), widened);
        assertTrue(widened.contains("limit    the client: at 1,500 ops/s it could not keep the schedule even with 8"
                + " times its threads or requests in flight"), widened);
        assertTrue(fixed.contains("limit    the client: at 1,500 ops/s it could not keep the schedule on the lanes it"
                + " had, which it keeps (service time met the objective)"), fixed);
    }

    @Test
    void aStepsCellSaysItsVerdictAndLimit() {
        assertEquals("pass", SearchText.verdict(STEPS.get(0)));
        assertEquals("fail: client (late)", SearchText.verdict(STEPS.get(1)));
        assertEquals("fail: server (service time)", SearchText.verdict(new Step(1, Limit.SERVER)));
    }

    private static String answer(int mostConcurrency) {
        StringBuilder out = new StringBuilder();
        SearchText.answer(out, 1000, Slo.parseAll("p99=1ms"), Limit.CLIENT, STEPS, step -> JvmActivity.UNKNOWN,
                mostConcurrency);
        return out.toString();
    }
}
