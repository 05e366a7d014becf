package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.engine.MeasuredWindow;
import dev.metric.pacing.FakeClock;
import dev.metric.result.ClientStalls;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The stall meter's wake-ups on a fake clock, with stalls the test plants between them. */
class StallMeterTest {

    private static final long MS = 1_000_000;

    private final FakeClock clock = new FakeClock(0);

    @Test
    void aPlantedStallIsOneLateWakeUpOnTheSideItWasDueOn() throws InterruptedException {
        MeasuredWindow window = MeasuredWindow.later();
        StallMeter meter = StallMeter.driven(clock, window);
        long due = MS;
        for (int i = 0; i < 100; i++) {
            due = meter.wake(due);
        }
        window.open(clock.nanoTime(), Duration.ofSeconds(1));
        for (int i = 0; i < 100; i++) {
            // Each wake-up is asked for a period after the last: the clock stands a period before it.
            if (i == 40) {
                // The process could not run for 31 ms: the meter wakes 30 ms late, once.
                clock.advance(31 * MS);
            }
            if (i == 70) {
                clock.advance(MS + MS / 2);
            }
            due = meter.wake(due);
        }

        ClientStalls warm = meter.stalls(MeasuredWindow.WARM_UP);
        ClientStalls measured = meter.stalls(MeasuredWindow.MEASURED);
        assertEquals(new ClientStalls(100, 0, 0, 0), warm, "on time before the window opened");
        assertEquals(100, measured.wakeUps(), "one sample per wake-up, not one per millisecond stalled");
        assertEquals(1, measured.stalls(), "the 0.5 ms delay is no stall");
        assertEquals(30_000, measured.maxMicros(), 30);
        assertEquals(500, measured.p99Micros(), 1, "the second-latest of 100");
    }

    @Test
    void theNextWakeUpIsAPeriodAfterALateOne() throws InterruptedException {
        StallMeter meter = StallMeter.driven(clock, MeasuredWindow.fromStart(null));
        clock.advance(5 * MS);

        assertEquals(6 * MS, meter.wake(MS), "woke at 5 ms, next due a period after");
    }
}
