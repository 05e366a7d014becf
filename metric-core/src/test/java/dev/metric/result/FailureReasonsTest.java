package dev.metric.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.config.SearchPlan;
import dev.metric.config.Slo;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reasons a run failed, in the order given, a counted reason only when its count is above zero. */
class FailureReasonsTest {

    private static final SearchPlan PLAN = new SearchPlan(Slo.parseAll("p99=1ms"), 5, Duration.ofSeconds(1));

    @Test
    void aStopComesFirstAndCountsOfZeroSayNothing() {
        List<String> reasons = FailureReasons.of(new Faults("interrupted", List.of()))
                .count(0, "failed requests")
                .count(1_234, "mismatches")
                .when(false, () -> {
                    throw new AssertionError("words are made only for a reason given");
                })
                .when(true, "the check of every key did not run")
                .list();

        assertEquals(List.of("stopped early", "1,234 mismatches", "the check of every key did not run"), reasons);
        assertEquals(List.of(), FailureReasons.of(Faults.NONE).count(0, "failed reads").list());
    }

    @Test
    void aSearchWithoutAnAnswerSaysWhichObjectivesNoRateMet() {
        SearchAnswer<CapacitySearch.Step> unanswered = new SearchAnswer<>(List.of(), 0, CapacitySearch.Limit.SERVER);
        SearchAnswer<CapacitySearch.Step> answered = new SearchAnswer<>(List.of(), 2000, CapacitySearch.Limit.SERVER);

        assertEquals(List.of("no rate met [p99 <= 1 ms] twice without failing"),
                FailureReasons.of(Faults.NONE, unanswered, PLAN).list());
        assertEquals(List.of(), FailureReasons.of(Faults.NONE, answered, PLAN).list());
        assertEquals(List.of(), FailureReasons.of(Faults.NONE, SearchAnswer.none(), null).list(), "no search");
    }
}
