package dev.metric.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Records become readable only once their insert and every one before it has ended, in any order. */
class InsertedRecordsTest {

    @Test
    void insertsTakeTheNumbersAfterTheLoadedRecordsWhichAreReadableAtOnce() {
        InsertedRecords records = new InsertedRecords(100);

        assertEquals(100, records.readable());
        assertEquals(100, records.begin());
        assertEquals(101, records.begin());
        assertEquals(102, records.begun());
        assertEquals(100, records.readable(), "no insert has ended");
    }

    @Test
    void aRecordIsReadableOnlyOnceEveryInsertBeforeItHasEnded() {
        InsertedRecords records = new InsertedRecords(10);
        long first = records.begin();
        long second = records.begin();
        long third = records.begin();

        records.end(third);
        assertEquals(10, records.readable(), "records 10 and 11 are still being written");
        records.end(first);
        assertEquals(11, records.readable());
        records.end(second);
        assertEquals(13, records.readable(), "the gap closed: 11 and 12 at once");
    }

    @Test
    void theWindowIsReusedAsTheReadableRecordsMoveOn() {
        InsertedRecords records = new InsertedRecords(0);
        for (int i = 0; i < 3 * InsertedRecords.WINDOW; i++) {
            records.end(records.begin());
        }

        assertEquals(3L * InsertedRecords.WINDOW, records.readable());
    }

    @Test
    void anInsertEndsOnce() {
        InsertedRecords records = new InsertedRecords(0);
        long record = records.begin();
        records.begin();
        records.end(record);

        assertThrows(IllegalStateException.class, () -> records.end(record), "readable already");
        long later = records.begin();
        records.end(later);
        assertThrows(IllegalStateException.class, () -> records.end(later), "ended, not yet readable");
    }

    @Test
    void moreInsertsUnderWayThanTheWindowHoldsAreRefused() {
        InsertedRecords records = new InsertedRecords(0);
        for (int i = 0; i < InsertedRecords.WINDOW; i++) {
            records.begin();
        }

        assertThrows(IllegalStateException.class, records::begin);
    }
}
