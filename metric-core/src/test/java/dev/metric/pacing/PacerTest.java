package dev.metric.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PacerTest {

    private static final long MS = 1_000_000;

    @Test
    void oneWorkerIsDueEveryOneOverRate() {
        FakeClock clock = new FakeClock(5 * MS);
        Pacer pacer = Pacer.fixedRate(clock, 5 * MS, new TargetRate(1000), 0, 1);
        for (int k = 0; k < 10; k++) {
            assertEquals(5 * MS + k * MS, pacer.take());
        }
    }

    @Test
    void workersInterleaveIntoOneEvenStream() {
        FakeClock clock = new FakeClock(0);
        Pacer[] pacers = new Pacer[4];
        for (int w = 0; w < 4; w++) {
            pacers[w] = Pacer.fixedRate(clock, 0, new TargetRate(4000), w, 4);
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
        Pacer pacer = Pacer.fixedRate(new FakeClock(0), 0, new TargetRate(3), 0, 1);
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

    @Test
    void skippingCountsEveryOperationDueBeforeTheDeadlineThatWasNotTaken() {
        Pacer pacer = Pacer.fixedRate(new FakeClock(0), 0, new TargetRate(1000), 0, 1);
        for (int k = 0; k < 30; k++) {
            pacer.take();
        }
        // Due at 0, 1, ... 99 ms before a deadline of 100 ms: 30 taken, 70 not.
        assertEquals(70, pacer.skipDueBefore(100 * MS));
        assertEquals(100 * MS, pacer.due(), "the next one is the first due at or after the deadline");
        assertEquals(0, pacer.skipDueBefore(100 * MS));
    }

    @Test
    void eachWorkerSkipsOnlyItsOwnShare() {
        // 3,000 ops/s over 3 workers: each is due every millisecond, worker w at w/3 ms past it.
        long skipped = 0;
        for (int w = 0; w < 3; w++) {
            skipped += Pacer.fixedRate(new FakeClock(0), 0, new TargetRate(3000), w, 3).skipDueBefore(10 * MS);
        }
        assertEquals(30, skipped, "10 ms at 3,000 ops/s");
        Pacer last = Pacer.fixedRate(new FakeClock(0), 0, new TargetRate(3000), 2, 3);
        // Worker 2's k-th is due at (3k + 2) / 3 ms: 0.667, 1.667 ... 8.667 ms, then 9,666,666 ns, not before itself.
        assertEquals(9, last.skipDueBefore(9_666_666));
    }

    @Test
    void aFractionalRateSkipsExactly() {
        Pacer pacer = Pacer.fixedRate(new FakeClock(0), 0, new TargetRate(7), 0, 1);
        assertEquals(7, pacer.skipDueBefore(1_000_000_000L), "due at 0, 1/7, ... 6/7 s");
        assertEquals(7, pacer.skipDueBefore(2_000_000_000L));
    }

    @Test
    void aTickReleasesItsShareOfTheStreamAtItsStart() {
        // 5,000 ops/s in ticks of 20 ms, as memtier's --rate-limiting 5000 on one connection: 100 due at
        // 0 ms, 100 at 20 ms...
        Pacer pacer = Pacer.ticked(new FakeClock(0), 3 * MS, new TargetRate(5000), 20 * MS, 0, 1);
        for (int k = 0; k < 100; k++) {
            assertEquals(3 * MS, pacer.take(), "operation " + k);
        }
        for (int k = 0; k < 100; k++) {
            assertEquals(23 * MS, pacer.take(), "operation " + (100 + k));
        }
        assertEquals(43 * MS, pacer.take());
    }

    @Test
    void workersShareEachTick() {
        // 4,000 ops/s over 4 workers in ticks of 1 ms: each worker's one operation of a tick at its start.
        for (int w = 0; w < 4; w++) {
            Pacer pacer = Pacer.ticked(new FakeClock(0), 0, new TargetRate(4000), MS, w, 4);
            assertEquals(0, pacer.take());
            assertEquals(MS, pacer.take());
            assertEquals(2 * MS, pacer.take());
        }
    }

    @Test
    void skippingWithATickCountsWholeTicks() {
        Pacer pacer = Pacer.ticked(new FakeClock(0), 0, new TargetRate(5000), 20 * MS, 0, 1);
        pacer.take();
        // Due before 30 ms: the ticks at 0 and 20 ms, 200 operations, one of them taken.
        assertEquals(199, pacer.skipDueBefore(30 * MS));
        assertEquals(40 * MS, pacer.due());
        // Before 60 ms, a tick's start: the tick at 40 ms only.
        assertEquals(100, pacer.skipDueBefore(60 * MS));
        assertEquals(60 * MS, pacer.due());
    }

    @Test
    void aClosedLoopHasNothingToSkip() {
        assertEquals(0, Pacer.closedLoop(new FakeClock(0)).skipDueBefore(Long.MAX_VALUE));
    }

    @Test
    void badRatesAreRefused() {
        FakeClock clock = new FakeClock(0);
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(clock, 0, new TargetRate(0), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(clock, 0, new TargetRate(10), 1, 1));
        assertThrows(IllegalArgumentException.class, () -> Pacer.ticked(clock, 0, new TargetRate(10), -1, 0, 1));
    }
}
