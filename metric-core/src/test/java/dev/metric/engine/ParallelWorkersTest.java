package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelWorkersTest {

    @Test
    void sharesCoverTheWholeRangeContiguouslyAndDifferByAtMostOne() {
        for (int workers : new int[] {1, 3, 7, 1000}) {
            for (long total : new long[] {1, 5, 1024, 1_048_576, 3_072_001}) {
                long next = 0;
                for (int w = 0; w < workers; w++) {
                    assertEquals(next, ParallelWorkers.shareStart(total, workers, w));
                    long share = ParallelWorkers.share(total, workers, w);
                    assertEquals(true, Math.abs(share - total / workers) <= 1);
                    next += share;
                }
                assertEquals(total, next);
            }
        }
    }

    @Test
    void runsEveryWorkerOnce() throws InterruptedException {
        AtomicIntegerArray runs = new AtomicIntegerArray(16);
        ParallelWorkers.run(16, "test", runs::incrementAndGet);
        for (int i = 0; i < 16; i++) {
            assertEquals(1, runs.get(i));
        }
    }

    @Test
    void aFailingWorkerFailsTheRun() {
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> ParallelWorkers.run(4, "test", worker -> {
                    if (worker == 2) {
                        throw new IllegalArgumentException("boom");
                    }
                }));
        assertEquals("boom", failure.getCause().getMessage());
    }
}
