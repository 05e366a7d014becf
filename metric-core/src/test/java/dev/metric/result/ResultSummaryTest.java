package dev.metric.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.record.LatencySummary;
import dev.metric.result.ResultSummary.Verification;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ResultSummaryTest {

    @Test
    void takesTheCountAndPercentilesOfTheLatencyGiven() {
        Histogram nanos = new Histogram(3);
        for (long value = 1; value <= 1000; value++) {
            nanos.recordValue(value * 1000); // 1 us .. 1 ms, evenly
        }

        ResultSummary summary = ResultSummary.of("mode2", "measured operations", 5000.0, LatencySummary.of(nanos), 2,
                Verification.VERIFIED, 0, List.of("2 failed requests"));

        assertEquals(1000, summary.operations());
        assertEquals(500.0, summary.latency().p50Micros(), 1.0);
        assertEquals(990.0, summary.latency().p99Micros(), 1.0);
        assertEquals(999.0, summary.latency().p999Micros(), 1.0);
        assertEquals(1000.0, summary.latency().maxMicros(), 1.0);
        assertEquals("summary  mode2 5,000 ops/s (1,000 measured operations); p50 0.500 ms, p99 0.990 ms, "
                + "p99.9 0.999 ms, max 1.000 ms; 2 errors; values verified; FAILED" + System.lineSeparator(),
                summary.line());
    }

    @Test
    void nothingMeasuredHasNoRateAndNoLatency() {
        ResultSummary summary = ResultSummary.of("mode2", "operations: no rate of the search passed twice", 1234.0,
                null, 0, Verification.NOT_VERIFIED, 0, List.of("no rate met [p99 <= 1 us] twice without failing"));

        assertEquals(0, summary.operations());
        assertEquals(0.0, summary.opsPerSec(), "no rate claimed for nothing measured");
        assertTrue(Double.isNaN(summary.latency().p50Micros()) && Double.isNaN(summary.latency().maxMicros()));
        assertTrue(summary.line().contains(
                "0 ops/s (0 operations: no rate of the search passed twice); no latency measured;"), summary.line());
    }

    @Test
    void failuresAreCountedInTheLine() {
        ResultSummary summary = ResultSummary.of("mode1", "verified random reads", 10.0,
                LatencySummary.of(histogramOf(1_000)), 0, Verification.of(100, 7), 7, List.of("7 mismatches"));

        assertEquals(Verification.FAILED, summary.values().verification());
        assertTrue(summary.line().contains("; 0 errors; 7 values NOT as written; FAILED"), summary.line());
        assertFalse(summary.passed());
    }

    @Test
    void passesExactlyWhenNoFailureIsGiven() {
        ResultSummary clean = ResultSummary.of("run", "measured requests", 10.0,
                LatencySummary.of(histogramOf(1_000)), 0, Verification.NOT_VERIFIED, 0, List.of());

        assertTrue(clean.passed());
        assertTrue(clean.line().endsWith("; passed" + System.lineSeparator()), clean.line());
    }

    @Test
    void aVerdictNeedsSomethingChecked() {
        assertEquals(Verification.VERIFIED, Verification.of(1, 0));
        assertEquals(Verification.NOT_VERIFIED, Verification.of(0, 0));
        assertEquals(Verification.FAILED, Verification.of(0, 3),
                "a value found wrong is a failure, however few were checked");
    }

    private static Histogram histogramOf(long nanos) {
        Histogram histogram = new Histogram(3);
        histogram.recordValue(nanos);
        return histogram;
    }
}
