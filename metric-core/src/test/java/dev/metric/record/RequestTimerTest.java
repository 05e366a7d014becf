package dev.metric.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RequestTimerTest {

    @Test
    void eachFigureHasOneDefinition() {
        RequestTimer timer = new RequestTimer();

        timer.record(1_000, 201_000, 251_000, 1_251_000);

        assertEquals(1_250_000, timer.response().total().getMaxValue(), 1_250, "completion - intended start");
        assertEquals(1_000_000, timer.service().total().getMaxValue(), 1_000, "completion - on the wire");
        assertEquals(250_000, timer.sendLateness().total().getMaxValue(), 250, "on the wire - intended start");
        assertEquals(50_000, timer.ownDelay().total().getMaxValue(), 50, "on the wire - sendable");
    }

    @Test
    void theMirrorGetsEveryResponseTimeAndNothingElse() {
        LatencyRecorder mirror = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
        RequestTimer hits = new RequestTimer(mirror);
        RequestTimer misses = new RequestTimer(mirror);

        hits.record(0, 0, 10, 100);
        misses.record(0, 0, 5, 7_000);

        assertEquals(2, mirror.total().getTotalCount());
        assertEquals(7_000, mirror.total().getMaxValue(), 100);
        assertEquals(1, hits.response().total().getTotalCount());
    }
}
