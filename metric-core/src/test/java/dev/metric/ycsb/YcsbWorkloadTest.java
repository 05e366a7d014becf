package dev.metric.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.workload.KeyChooser;
import dev.metric.ycsb.YcsbWorkload.Operation;
import java.util.PrimitiveIterator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What a draw means in YCSB's core workloads, for the traces metric writes and for mode2's traffic alike. */
class YcsbWorkloadTest {

    /** YCSB's workload files: A is half reads, half updates; E 5% inserts, then scans; F half read-modify-writes. */
    @Test
    void aDrawFallsOnTheOperationsInTheOrderOfTheirProportions() {
        assertEquals(Operation.READ, YcsbWorkload.A.operation(0.0));
        assertEquals(Operation.READ, YcsbWorkload.A.operation(0.499));
        assertEquals(Operation.UPDATE, YcsbWorkload.A.operation(0.5));
        assertEquals(Operation.UPDATE, YcsbWorkload.A.operation(0.999));
        assertEquals(Operation.INSERT, YcsbWorkload.E.operation(0.049));
        assertEquals(Operation.SCAN, YcsbWorkload.E.operation(0.05));
        assertEquals(Operation.READ, YcsbWorkload.F.operation(0.25));
        assertEquals(Operation.READ_MODIFY_WRITE, YcsbWorkload.F.operation(0.75));
        assertEquals(Operation.READ, YcsbWorkload.C.operation(0.999_999));
    }

    /** Ranks past the existing records are drawn again; zipfian keeps the rank, latest counts back from the newest. */
    @Test
    void aRecordIsDrawnAgainUntilItExistsAndLatestCountsFromTheNewest() {
        assertEquals(2, YcsbWorkload.A.chooseRecord(ranks(7, 5, 2, 0), 3));
        assertEquals(0, YcsbWorkload.D.chooseRecord(ranks(3, 2), 3), "the oldest of 3, rank 2 from the newest");
        assertEquals(2, YcsbWorkload.D.chooseRecord(ranks(0), 3), "the newest");
    }

    @Test
    void itDescribesItselfInYcsbsPropertyNames() {
        assertEquals("YCSB workload F: readproportion=0.5, readmodifywriteproportion=0.5; requestdistribution=zipfian"
                + " (0.99); fieldcount=10, fieldlength=100, readallfields=true, writeallfields=false",
                YcsbWorkload.F.describe());
        assertEquals("YCSB workload E: insertproportion=0.05, scanproportion=0.95; requestdistribution=zipfian (0.99);"
                + " fieldcount=10, fieldlength=100, readallfields=true, writeallfields=false, maxscanlength=100,"
                + " scanlengthdistribution=uniform", YcsbWorkload.E.describe());
    }

    /** A chooser that gives {@code ranks} in turn. */
    private static KeyChooser ranks(int... ranks) {
        PrimitiveIterator.OfInt next = IntStream.of(ranks).iterator();
        return next::nextInt;
    }
}
