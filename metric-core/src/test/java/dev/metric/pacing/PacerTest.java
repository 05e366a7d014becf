package dev.metric.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.record.ResponseTimer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PacerTest {

    private static final long MS = 1_000_000;

    @Test
    void oneWorkerIsDueEveryOneOverRate() {
        FakeClock clock = new FakeClock(5 * MS);
        Pacer pacer = Pacer.fixedRate(clock, 5 * MS, 1000, 0, 1);
        for (int k = 0; k < 10; k++) {
            assertEquals(5 * MS + k * MS, pacer.take());
        }
        assertEquals(10, pacer.taken());
    }

    @Test
    void workersInterleaveIntoOneEvenStream() {
        FakeClock clock = new FakeClock(0);
        Pacer[] pacers = new Pacer[4];
        for (int w = 0; w < 4; w++) {
            pacers[w] = Pacer.fixedRate(clock, 0, 4000, w, 4);
        }
        // 4,000 ops/s in all: one every 250 us, worker w taking the k-th of each group of four.
        for (int round = 0; round < 3; round++) {
            for (int w = 0; w < 4; w++) {
                assertEquals((round * 4L + w) * 250_000, pacers[w].take());
            }
        }
    }

    @Test
    void aFractionalIntervalDoesNotDrift() {
        Pacer pacer = Pacer.fixedRate(new FakeClock(0), 0, 3, 0, 1);
        long last = 0;
        for (int k = 0; k <= 3000; k++) {
            last = pacer.take();
        }
        assertEquals(1000L * 1_000_000_000, last, "the 3000th operation at 3 ops/s is due at 1000 s");
    }

    @Test
    void closedLoopIsAlwaysDueNow() {
        FakeClock clock = new FakeClock(7);
        Pacer pacer = Pacer.closedLoop(clock);
        assertFalse(pacer.paced());
        assertEquals(7, pacer.take());
        clock.advance(100);
        assertEquals(107, pacer.take());
    }

    /**
     * A server that stalls for 50 ms once, under 1,000 ops/s from one synchronous worker: the
     * 50 operations due during the stall are sent late. Their service time stays short, their
     * response time, from when each was due, carries the delay: 49 ms for the first down to
     * about 1 ms for the last.
     */
    @Test
    void aStallShowsInResponseTimeNotInServiceTime() throws InterruptedException {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = Pacer.fixedRate(clock, 0, 1000, 0, 1);
        ResponseTimer timer = new ResponseTimer();
        long serviceNanos = 100_000;
        for (int k = 0; k < 200; k++) {
            long due = pacer.take();
            clock.sleepUntil(due);
            long sent = clock.nanoTime();
            clock.advance(k == 0 ? 50 * MS : serviceNanos);
            timer.record(due, sent, clock.nanoTime());
        }
        Histogram service = timer.service().total();
        Histogram response = timer.response().total();
        assertEquals(200, service.getTotalCount());
        assertEquals(200, response.getTotalCount());
        assertEquals(100_000, service.getValueAtPercentile(99), 100, "only the stalled request is slow to serve");
        assertEquals(50 * MS, service.getMaxValue(), 50 * MS / 1000.0);
        // Operation k (1..49) was due at k ms and answered at 50 ms + k * 0.1 ms.
        // Operation 50 is the 51st slowest: due at 50 ms, answered at 55 ms.
        assertEquals(5 * MS, response.getValueAtPercentile(75), 5 * MS / 1000.0, "a quarter waited out most of the stall");
        assertEquals(50 * MS, response.getMaxValue(), 50 * MS / 1000.0);
        long late = 0;
        for (int k = 1; k < 200; k++) {
            long answered = 50 * MS + k * serviceNanos;
            if (answered - k * MS > serviceNanos + 1000) {
                late++;
            }
        }
        assertEquals(late, response.getCountBetweenValues(serviceNanos + 1000, Long.MAX_VALUE / 4) - 1,
                "every late operation, and only those, has a response time above its service time");
    }

    @Test
    void closedLoopResponseEqualsService() {
        ResponseTimer timer = new ResponseTimer();
        FakeClock clock = new FakeClock(0);
        Pacer pacer = Pacer.closedLoop(clock);
        for (int k = 0; k < 10; k++) {
            long due = pacer.take();
            clock.advance(k * 1000 + 1000);
            timer.record(due, due, clock.nanoTime());
        }
        assertEquals(timer.service().total(), timer.response().total());
    }

    @Test
    void badRatesAreRefused() {
        FakeClock clock = new FakeClock(0);
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(clock, 0, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(clock, 0, Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(clock, 0, 10, 1, 1));
    }
}
