package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

    @Test
    void theSpectrumAxisEndsAtAWholeDecadeSoItsTopOneIsLabelled() {
        assertEquals(100_000, ComparisonCharts.nextDecade(20_000), 1e-6, "99.995% ends the axis at 99.999%");
        assertEquals(1_000, ComparisonCharts.nextDecade(1_000), 1e-6, "already a decade");
        assertEquals(10, ComparisonCharts.nextDecade(1), 1e-6, "at least one decade");
    }

    @Test
    void powersOfTwoOfThreadsGetALog2AxisLabelledOnlyWhereMeasured() {
        ComparisonCharts.ThreadAxis axis = ComparisonCharts.ThreadAxis.of(List.of(1, 2, 8, 8));

        assertTrue(axis.log2());
        assertEquals(3.0, axis.x(8), 1e-12);
        assertEquals("8", axis.label(3.0));
        assertTrue(axis.label(2.0).isBlank(), "4 threads were not measured");
        assertTrue(axis.label(4.0).isBlank());
        assertNotEquals(axis.label(2.0), axis.label(4.0), "XChart wants distinct labels");
    }

    @Test
    void otherThreadCountsGetALinearAxis() {
        ComparisonCharts.ThreadAxis axis = ComparisonCharts.ThreadAxis.of(List.of(1, 3, 6));

        assertFalse(axis.log2());
        assertEquals(3.0, axis.x(3), 1e-12);
        assertEquals("6", axis.label(6.0));
        assertTrue(axis.label(4.0).isBlank());
    }

    @Test
    void aCaptionNamesTheServersClientsCoresAndDays() {
        List<RunPoint> points = List.of(point("redis 7.0.15", "jedis 8.0.2", 2, "2026-11-24"),
                point("redis 7.0.15", "lettuce 6.8.1", 2, "2026-11-22"),
                point("valkey 8.1.0", "jedis 8.0.2", 2, "2026-11-24"));

        assertEquals("redis 7.0.15, valkey 8.1.0; jedis 8.0.2, lettuce 6.8.1; 2 cores; 2026-11-22 to 2026-11-24",
                ChartCaption.of(points));
        assertEquals("Throughput — redis 7.0.15; jedis 8.0.2; 2 cores; 2026-11-24",
                ChartCaption.title("Throughput", ChartCaption.of(points.subList(0, 1))));
        assertEquals("Throughput", ChartCaption.title("Throughput",
                ChartCaption.of(List.of(point("", "", 0, "")))), "an old file that says nothing adds nothing");
    }

    private static RunPoint point(String server, String client, int cores, String date) {
        return new RunPoint(Path.of("x.json"), "mode1", server, "jedis, pool 8", 4, 1000,
                new RunPoint.Latency(0.1, 0.2, 0.3), true, new RunPoint.Provenance(client, cores, date), Map.of());
    }
}
