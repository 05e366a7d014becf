package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ComparisonChartsTest {

    @Test
    void theSpectrumAxisReadsAsPercentiles() {
        assertEquals("0%", ComparisonCharts.percentileLabel(1));
        assertEquals("90%", ComparisonCharts.percentileLabel(10));
        assertEquals("99%", ComparisonCharts.percentileLabel(100));
        assertEquals("99.9%", ComparisonCharts.percentileLabel(1000));
        assertEquals("99.999%", ComparisonCharts.percentileLabel(100_000));
    }
}
