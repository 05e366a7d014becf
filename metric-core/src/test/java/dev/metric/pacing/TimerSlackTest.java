package dev.metric.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimerSlackTest {

    @Test
    void theProcessesSlackIsReadAsLinuxWritesIt() {
        assertEquals(50_000, TimerSlack.parse("50000\n"));
        assertEquals(1, TimerSlack.parse("1"));
    }

    @Test
    void noFileOrNonsenseFallsBackToLinuxsDefault() {
        assertEquals(TimerSlack.DEFAULT_NANOS, TimerSlack.parse(null));
        assertEquals(TimerSlack.DEFAULT_NANOS, TimerSlack.parse("fifty"));
        assertEquals(TimerSlack.DEFAULT_NANOS, TimerSlack.parse("-3"));
    }

    @Test
    void aSlackNoPacingCouldKeepIsNotCompensatedBeyondAMillisecond() {
        assertEquals(TimerSlack.MAX_COMPENSATED_NANOS, TimerSlack.parse("250000000"));
    }
}
