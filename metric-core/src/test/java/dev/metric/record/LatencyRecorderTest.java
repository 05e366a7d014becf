package dev.metric.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

    @Test
    void intervalsAddUpToTheTotal() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.record(1_000);
        recorder.record(2_000);
        assertEquals(2, recorder.takeInterval().getTotalCount());
        recorder.record(3_000);
        assertEquals(1, recorder.takeInterval().getTotalCount());
        Histogram total = recorder.total();
        assertEquals(3, total.getTotalCount());
        assertEquals(3_000, total.getMaxValue(), 3);
    }

    @Test
    void anIntervalReaderAndTheProgressIntervalsEachSeeEveryValueOnce() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.record(1_000);
        recorder.record(2_000);
        assertEquals(2, recorder.takeInterval().getTotalCount());
        LatencyRecorder.IntervalReader reader = recorder.intervalReader();
        recorder.record(3_000);
        recorder.record(4_000);
        recorder.record(5_000);
        assertEquals(3, reader.next().getTotalCount(), "only what came after the reader");
        assertEquals(3, recorder.takeInterval().getTotalCount(), "the reader took nothing from progress");
        recorder.record(6_000);
        assertEquals(1, recorder.takeInterval().getTotalCount());
        Histogram last = reader.next();
        assertEquals(1, last.getTotalCount());
        assertEquals(6_000, last.getMaxValue(), 6);
        assertEquals(0, reader.next().getTotalCount());
        assertEquals(6, recorder.total().getTotalCount());
    }

    @Test
    void valuesFromManyThreadsAreMergedWithoutLoss() throws InterruptedException {
        LatencyRecorder recorder = new LatencyRecorder();
        Thread[] threads = new Thread[8];
        for (int t = 0; t < threads.length; t++) {
            long value = (t + 1) * 1_000L;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    recorder.record(value);
                }
            });
            threads[t].start();
        }
        long intervals = 0;
        for (int i = 0; i < 20; i++) {
            intervals += recorder.takeInterval().getTotalCount();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        intervals += recorder.takeInterval().getTotalCount();
        Histogram total = recorder.total();
        assertEquals(80_000, intervals);
        assertEquals(80_000, total.getTotalCount());
        assertEquals(8_000, total.getMaxValue(), 8);
        assertEquals(1_000, total.getMinValue(), 1);
    }

    /** A histogram holds no value below 0: such a value is counted apart, never passed off as a measured 0. */
    @Test
    void aDurationBelowZeroIsCountedAndShownNotHidden() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.record(-2_000);
        recorder.record(-1);
        recorder.record(0);
        recorder.record(5_000);

        LatencySummary summary = recorder.summary();

        assertEquals(4, summary.count());
        assertEquals(2, summary.belowZero(), "the two below 0, and not the one that was 0");
        assertEquals(0.0, summary.p50Micros(), "in the percentiles as 0");
        assertEquals(5.0, summary.maxMicros(), 0.01);
        LatencyTotals all = new LatencyTotals();
        all.add(recorder);
        all.add(recorder);
        assertEquals(4, all.summary().belowZero(), "summed over the recorders added up");
    }

    @Test
    void summaryIsInMicroseconds() {
        Histogram nanos = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            nanos.recordValue(i * 1_000L);
        }
        LatencySummary summary = LatencySummary.of(nanos);
        assertEquals(100, summary.count());
        assertEquals(50.0, summary.p50Micros(), 0.1);
        assertEquals(95.0, summary.p95Micros(), 0.1);
        assertEquals(99.0, summary.p99Micros(), 0.1);
        assertEquals(100.0, summary.maxMicros(), 0.1);
        assertEquals(50.5, summary.meanMicros(), 0.1);
    }

    @Test
    void summaryOfNothingIsZero() {
        assertEquals(0, LatencySummary.of(new Histogram(3)).count());
    }
}
