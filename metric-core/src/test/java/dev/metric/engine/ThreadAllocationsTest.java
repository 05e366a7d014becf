package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThreadAllocationsTest {

    private static volatile byte[] sink;

    /** The threads engine's lanes end before a phase is read: what they allocated must stay counted. */
    @Test
    void workersThatEndedLeaveWhatTheyAllocatedInTheTotal() throws InterruptedException {
        int workers = 4;
        int megabytes = 16;
        long before = ThreadAllocations.total();

        ParallelWorkers.run(workers, "allocating", worker -> {
            for (int i = 0; i < megabytes; i++) {
                sink = new byte[1 << 20];
            }
        });

        long after = ThreadAllocations.total();
        assertTrue(after - before >= (long) workers * megabytes << 20,
                "the ended workers' " + workers * megabytes + " MB are counted: " + (after - before) + " B");
    }
}
