package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Protocol;
import dev.metric.workload.DataSet;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import org.junit.jupiter.api.Test;

/**
 * The ledger's judgements at the edges of its rules, on times given in milliseconds from an
 * arbitrary origin. Every TTL is 10 s, so the margin is 5 ms + 10 ms = 15 ms.
 */
class WriteLedgerTest {

    private static final long ORIGIN = 7_000_000_000L;
    private static final long TTL_MS = 10_000;
    private static final long MARGIN_MS = 15;

    private final WriteLedger ledger = new WriteLedger(new VersionedValues(DataSet.standard(3, 64)),
            new TtlRange(10, 10), ORIGIN, Protocol.REDIS);

    private static long at(long millis) {
        return ORIGIN + millis * 1_000_000;
    }

    @Test
    void aMissBeforeTheEarliestExpiryLessTheMarginIsALostKey() {
        ledger.written(1, at(100), at(102));
        ledger.written(2, at(100), at(102));
        long earliestExpiry = 100 + TTL_MS;

        assertEquals(Verdict.LOST, ledger.checkRead(1, -1, at(200), at(earliestExpiry - MARGIN_MS - 1)));
        assertEquals(Verdict.MATCH, ledger.checkRead(2, -1, at(200), at(earliestExpiry - MARGIN_MS + 1)),
                "within the margin of the expiry a miss may be right");
    }

    @Test
    void memcachedsClockWidensTheMarginByTwoSecondsEitherWay() {
        WriteLedger memcached = new WriteLedger(new VersionedValues(DataSet.standard(3, 64)), new TtlRange(10, 10),
                ORIGIN, Protocol.MEMCACHED);
        long memcachedMargin = MARGIN_MS + 2000;
        for (int index = 0; index < 3; index++) {
            memcached.written(index, at(100), at(102));
        }
        long earliestExpiry = 100 + TTL_MS;
        long latestExpiry = 102 + TTL_MS;

        assertEquals(Verdict.MATCH, memcached.checkRead(1, -1, at(200), at(earliestExpiry - MARGIN_MS - 1000 - 1)),
                "memcached may expire an item a second early by its whole-second count, and more after a late tick");
        assertEquals(Verdict.LOST, memcached.checkRead(2, -1, at(200), at(earliestExpiry - memcachedMargin - 1)));
        assertEquals(Verdict.MATCH, memcached.checkRead(0, 0, at(latestExpiry + memcachedMargin - 1),
                at(latestExpiry + memcachedMargin + 40)), "memcached may keep an item up to two seconds late");
        assertEquals(Verdict.EXPIRED, memcached.checkRead(0, 0, at(latestExpiry + memcachedMargin + 1),
                at(latestExpiry + memcachedMargin + 40)));
    }

    @Test
    void theKnownVersionReturnedAfterTheLatestExpiryPlusTheMarginIsAnExpiredValue() {
        ledger.written(1, at(100), at(102));
        long latestExpiry = 102 + TTL_MS;

        assertEquals(Verdict.MATCH, ledger.checkRead(1, 0, at(latestExpiry + MARGIN_MS - 1), at(latestExpiry + 40)));
        assertEquals(Verdict.EXPIRED, ledger.checkRead(1, 0, at(latestExpiry + MARGIN_MS + 1), at(latestExpiry + 40)));
    }

    @Test
    void anOlderVersionReadAfterANewerWriteWasAcknowledgedIsStale() {
        ledger.written(4, at(0), at(1));
        long version = ledger.beginWrite(4);
        ledger.endWrite(4, version, at(50), at(52), true);

        assertTrue(version > WriteLedger.PRELOAD_VERSION);
        assertEquals(Verdict.MATCH, ledger.checkRead(4, 0, at(51), at(53)), "sent before the write's reply");
        assertEquals(Verdict.MATCH, ledger.checkRead(4, version, at(60), at(61)));
        assertEquals(Verdict.STALE, ledger.checkRead(4, 0, at(60), at(61)));
    }

    @Test
    void overlappingWritesLeaveTheKeyUnjudgedUntilAWriteOverlapsNone() {
        ledger.written(5, at(0), at(1));
        long first = ledger.beginWrite(5);
        long second = ledger.beginWrite(5);
        ledger.endWrite(5, first, at(10), at(12), true);
        ledger.endWrite(5, second, at(11), at(13), true);

        assertEquals(Verdict.MATCH, ledger.checkRead(5, first, at(20), at(21)), "either may be the last applied");
        assertEquals(Verdict.MATCH, ledger.checkRead(5, -1, at(20), at(21)));

        long third = ledger.beginWrite(5);
        ledger.endWrite(5, third, at(30), at(31), true);
        assertEquals(Verdict.STALE, ledger.checkRead(5, second, at(40), at(41)));
    }

    @Test
    void aMissWhileAWriteIsInFlightIsNotALostKey() {
        ledger.written(6, at(0), at(1));
        long version = ledger.beginWrite(6);

        assertEquals(Verdict.MATCH, ledger.checkRead(6, -1, at(20), at(21)));
        ledger.endWrite(6, version, at(19), at(22), true);
        assertEquals(Verdict.LOST, ledger.checkRead(6, -1, at(30), at(31)));
    }

    @Test
    void aFailedWriteOrADoubtfulPreloadTakesItsKeyOutOfJudgementForGood() {
        ledger.written(7, at(0), at(1));
        long failed = ledger.beginWrite(7);
        ledger.endWrite(7, failed, at(10), at(2010), false);
        long later = ledger.beginWrite(7);
        ledger.endWrite(7, later, at(3000), at(3001), true);
        ledger.doubtful(8);

        assertEquals(Verdict.MATCH, ledger.checkRead(7, 0, at(4000), at(4001)), "the timed-out write may land");
        assertEquals(Verdict.MATCH, ledger.checkRead(8, -1, at(4000), at(4001)));
        assertEquals(2, ledger.result().orElseThrow().unsureKeys());
    }

    @Test
    void aKeyCountsOncePerKindAndEveryReadCounts() {
        ledger.written(9, at(0), at(1));
        long version = ledger.beginWrite(9);
        ledger.endWrite(9, version, at(10), at(11), true);
        ledger.checkRead(9, 0, at(20), at(21));
        ledger.checkRead(9, 0, at(30), at(31));
        ledger.checkRead(9, -1, at(40), at(41));
        ledger.checkRead(10, -1, at(40), at(41));

        StrictResult result = ledger.result().orElseThrow();
        assertEquals(1, result.findings().staleKeys());
        assertEquals(2, result.findings().staleReads());
        assertEquals(1, result.findings().lostKeys(), "key 10 was never written, so nothing is known of it");
        assertEquals(1, result.findings().lostReads());
        assertEquals(0, result.findings().expiredReads());
        assertEquals(3, result.judgedReads());
        assertEquals(2, result.firstFindings().size());
        assertEquals(Verdict.STALE, result.firstFindings().get(0).verdict());
        assertEquals(64L * WriteLedger.BYTES_PER_KEY, result.ledger().stateBytes());
    }
}
