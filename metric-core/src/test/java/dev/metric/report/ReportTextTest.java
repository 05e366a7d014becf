package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReportTextTest {

    @Test
    void exactMillisShowsEveryDecimalTheDurationHasAndNoMore() {
        assertEquals("20", ReportText.exactMillis(Duration.ofMillis(20)));
        assertEquals("1000", ReportText.exactMillis(Duration.ofSeconds(1)));
        assertEquals("0.5", ReportText.exactMillis(Duration.ofNanos(500_000)));
        assertEquals("0.0001", ReportText.exactMillis(Duration.ofNanos(100)));
        assertEquals("0", ReportText.exactMillis(Duration.ZERO));
    }
}
