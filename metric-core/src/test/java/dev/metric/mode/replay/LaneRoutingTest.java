package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** How the keys of a scanned trace are dealt to the lanes: heavy keys apart, pinned ones by their hash. */
class LaneRoutingTest {

    private static long[] perLane(KeyIdLongs counts, LaneRouting routing, int lanes) {
        long[] load = new long[lanes];
        counts.forEach((id, count) -> load[routing.laneOf(id)] += count & ~LaneRouting.PINNED);
        return load;
    }

    @Test
    void aKeyOfMoreCommandsThanALanesShareHasItsLaneToItselfAndTheRestAreSharedEvenly() {
        int lanes = 4;
        KeyIdLongs counts = new KeyIdLongs();
        long hot = 1_000;
        counts.add(hot, 40);
        for (long id = 0; id < 60; id++) {
            counts.add(id, 1);
        }

        LaneRouting routing = LaneRouting.deal(counts, lanes);

        long[] load = perLane(counts, routing, lanes);
        long[] sorted = load.clone();
        Arrays.sort(sorted);
        assertArrayEquals(new long[] {20, 20, 20, 40}, sorted, Arrays.toString(load));
        for (long id = 0; id < 60; id++) {
            assertNotEquals(routing.laneOf(hot), routing.laneOf(id), "key " + id + " shares the hot key's lane");
        }
        assertArrayEquals(load, routing.commands(), "the routing's own count of each lane's commands");
    }

    @Test
    void aPinnedKeyStaysOnItsHashsLaneHoweverHeavy() {
        int lanes = 4;
        KeyIdLongs counts = new KeyIdLongs();
        for (long id = 0; id < 8; id++) {
            counts.add(id, 100);
        }
        long pinned = 4;
        counts.add(pinned, 1_000);
        counts.set(pinned, LaneRouting.PINNED);

        LaneRouting routing = LaneRouting.deal(counts, lanes);

        assertEquals(TraceKeys.laneOf(pinned, lanes), routing.laneOf(pinned));
        for (long id = 0; id < 8; id++) {
            if (id != pinned) {
                assertNotEquals(routing.laneOf(pinned), routing.laneOf(id), "key " + id + " joins the pinned key");
            }
        }
    }

    @Test
    void aZipfianTraceIsSharedEvenlyWhereItsHashesAloneWouldNotShareIt() {
        int lanes = 4;
        int records = 100_000;
        double[] cumulative = new double[records];
        double sum = 0;
        for (int rank = 0; rank < records; rank++) {
            sum += 1 / Math.pow(rank + 1, 0.99);
            cumulative[rank] = sum;
        }
        KeyIdLongs counts = new KeyIdLongs();
        SplittableRandom random = new SplittableRandom(5);
        long[] byHash = new long[lanes];
        int commands = 1_000_000;
        for (int i = 0; i < commands; i++) {
            int rank = Arrays.binarySearch(cumulative, random.nextDouble(sum));
            long id = (rank < 0 ? -rank - 1 : rank) * 0x9E3779B97F4A7C15L >>> 1;
            counts.add(id, 1);
            byHash[TraceKeys.laneOf(id, lanes)]++;
        }

        long[] load = perLane(counts, LaneRouting.deal(counts, lanes), lanes);

        long even = commands / lanes;
        assertTrue(Arrays.stream(byHash).max().orElseThrow() > even * 1.02,
                "the hashes alone leave a lane 2% over its share: " + Arrays.toString(byHash));
        assertEquals(commands, Arrays.stream(load).sum());
        assertTrue(Arrays.stream(load).max().orElseThrow() < even * 1.001,
                "dealt, no lane is 0.1% over its share: " + Arrays.toString(load));
    }

    @Test
    void oneLaneTakesEveryKey() {
        KeyIdLongs counts = new KeyIdLongs();
        counts.add(7, 5);
        counts.add(8, 1);

        LaneRouting routing = LaneRouting.deal(counts, 1);

        assertEquals(0, routing.laneOf(7));
        assertEquals(0, routing.laneOf(8));
        assertArrayEquals(new long[] {6}, routing.commands());
    }
}
