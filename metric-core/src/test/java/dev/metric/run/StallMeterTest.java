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
        assertEquals(100, warm.wakeUps());
        assertEquals(0, warm.maxMicros(), "on time before the window opened");
        assertEquals(100, measured.wakeUps(), "one sample per wake-up, not one per millisecond stalled");
        assertEquals(1, measured.stalls(), "the 0.5 ms delay is no stall");
        assertEquals(30_000, measured.maxMicros(), 30);
        // Of the moments: 98 on time, 0.5 ms, and the stall's 30 ms with the 29 wake-ups it hid, 29 ms
        // down to 1 ms late: 129 in all, the 128th of them 29 ms.
        assertEquals(129, measured.momentsNanos().getTotalCount());
        assertEquals(29_000, measured.p99Micros(), 29, "the 128th of 129 moments");
    }

    /**
     * A client that cannot run for 4 ms in every 100 is stalled 4% of the time: a moment picked at
     * random waits 1 ms or more one time in 25, though only one wake-up in 97 was late, too few
     * for the 99th percentile of the wake-ups.
     */
    @Test
    void stallsOfAFewPercentOfTheTimeReachThe99thPercentileOfAMoment() throws InterruptedException {
        MeasuredWindow window = MeasuredWindow.later();
        window.open(0, Duration.ofSeconds(1));
        StallMeter meter = StallMeter.driven(clock, window);
        long due = MS;
        for (int wakeUp = 1; wakeUp <= 970; wakeUp++) {
            if (wakeUp % 97 == 0) {
                clock.advance(5 * MS); // a period before its due time: 4 ms late
            }
            due = meter.wake(due);
        }

        ClientStalls stalls = meter.stalls(MeasuredWindow.MEASURED);
        assertEquals(10, stalls.stalls());
        assertEquals(970 + 10 * 3, stalls.momentsNanos().getTotalCount(), "each stall hid 3 wake-ups");
        // 1,000 moments: 960 on time, and 10 each 1, 2, 3 and 4 ms late; the 990th is the last at 3 ms.
        assertEquals(3_000, stalls.p99Micros(), 3);
    }

    @Test
    void theNextWakeUpIsAPeriodAfterALateOne() throws InterruptedException {
        StallMeter meter = StallMeter.driven(clock, MeasuredWindow.fromStart(null));
        clock.advance(5 * MS);

        assertEquals(6 * MS, meter.wake(MS), "woke at 5 ms, next due a period after");
    }
}
