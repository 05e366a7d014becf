package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The merge over the common window, on interval logs made by hand. */
class GeneratorMergeTest {

    private static final long MS = 1_000_000;

    /** {@code count} one-second intervals from {@code firstSec}, each of {@code perInterval} responses. */
    private static ResponseTimes log(double firstSec, int count, int perInterval, long insideNanos,
                                     double windowStart, double windowEnd, long outsideNanos) {
        List<ResponseTimes.Interval> intervals = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double start = firstSec + i;
            boolean inside = start >= windowStart && start + 1 <= windowEnd;
            Histogram histogram = new Histogram(3);
            histogram.recordValueWithCount(inside ? insideNanos : outsideNanos, perInterval);
            intervals.add(new ResponseTimes.Interval(start, start + 1, histogram));
        }
        return new ResponseTimes(intervals);
    }

    private static GeneratorMerge.Generator generator(String label, ResponseTimes latency, long errors) {
        return new GeneratorMerge.Generator(Path.of(label + ".json"), label, "mode2", "host", "jedis:8", 2, errors,
                true, latency, JsonNodeFactory.instance.objectNode());
    }

    @Test
    void twoRunsOverlappingSixtyPercentAreMergedOverExactlyThatSixtyPercent() {
        // a: 100 s to 110 s; b: 104 s to 114 s; together from 104 s to 110 s, 6 of each one's 10 s.
        GeneratorMerge.Generator a = generator("a", log(100, 10, 100, MS, 104, 110, 9 * MS), 3);
        GeneratorMerge.Generator b = generator("b", log(104, 10, 50, 2 * MS, 104, 110, 8 * MS), 4);

        GeneratorMerge.Merged merged = GeneratorMerge.over(List.of(a, b));

        assertEquals(104, merged.windowStartEpochSec());
        assertEquals(110, merged.windowEndEpochSec());
        assertEquals(6 * 100 + 6 * 50, merged.total().getTotalCount());
        assertEquals(100, merged.shares().get(0).opsPerSec(), 1e-9);
        assertEquals(50, merged.shares().get(1).opsPerSec(), 1e-9);
        assertEquals(150, merged.opsPerSec(), 1e-9);
        assertTrue(merged.total().getMaxValue() < 3 * MS, "nothing from outside the window: "
                + merged.total().getMaxValue());
        assertEquals(4, merged.shares().get(0).beforeSec(), 1e-9);
        assertEquals(0, merged.shares().get(0).afterSec(), 1e-9);
        assertEquals(400, merged.shares().get(0).leftOutCount());
        assertEquals(0, merged.shares().get(1).beforeSec(), 1e-9);
        assertEquals(4, merged.shares().get(1).afterSec(), 1e-9);
        assertEquals(200, merged.shares().get(1).leftOutCount());
        assertEquals(7, merged.errors());
    }

    @Test
    void theReportGivesTheWindowAndWhatWasLeftOutOfEachGenerator() {
        GeneratorMerge.Generator a = generator("a", log(100, 10, 100, MS, 104, 110, 9 * MS), 0);
        GeneratorMerge.Generator b = generator("b", log(104, 10, 50, 2 * MS, 104, 110, 8 * MS), 0);

        String report = GeneratorMerge.render(GeneratorMerge.over(List.of(a, b)));

        assertTrue(report.contains("1970-01-01T00:01:44Z to 1970-01-01T00:01:50Z, 6.0 s in which every generator"
                + " was measuring"), report);
        assertTrue(report.contains("a: 4.0 s before the window and 0.0 s after it, 400 responses"), report);
        assertTrue(report.contains("b: 0.0 s before the window and 4.0 s after it, 200 responses"), report);
        assertTrue(report.contains("| all 2 |  |  | 4 | 150 |"), report);
    }

    @Test
    void runsThatNeverMeasuredTogetherAreRefused() {
        GeneratorMerge.Generator a = generator("a", log(100, 5, 10, MS, 0, 0, MS), 0);
        GeneratorMerge.Generator b = generator("b", log(105, 5, 10, MS, 0, 0, MS), 0);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GeneratorMerge.over(List.of(a, b)));
        assertTrue(refused.getMessage().startsWith("the runs did not measure at the same time"),
                refused.getMessage());
    }

    @Test
    void aWindowShorterThanAWholeIntervalOfOneRunIsRefused() {
        GeneratorMerge.Generator a = generator("a", log(100, 5, 10, MS, 0, 0, MS), 0);
        GeneratorMerge.Generator b = generator("b", log(104.5, 5, 10, MS, 0, 0, MS), 0);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GeneratorMerge.over(List.of(a, b)));
        assertTrue(refused.getMessage().contains("has no whole interval of its log in the 0.5 s"),
                refused.getMessage());
    }
}
