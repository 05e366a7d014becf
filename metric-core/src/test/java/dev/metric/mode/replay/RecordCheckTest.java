package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.workload.TraceValues;
import dev.metric.workload.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reads of YCSB records judged field by field, as the reader set what each field must hold. */
class RecordCheckTest {

    private static final byte[] KEY = ascii("user1");
    private static final long ID = TraceValues.keyId(KEY);
    private static final byte[][] FIELDS = {ascii("field0"), ascii("field1"), ascii("field2")};

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static long field(int i) {
        return TraceValues.fieldId(ID, FIELDS[i]);
    }

    private static byte[] value(int field, long version) {
        return TraceValues.value(field(field), version, 100);
    }

    /** An HGETALL of the record whose fields must hold {@code expected}, one per field. */
    private static TraceOp hgetall(long... expected) {
        TraceOp read = new TraceOp(7, TraceCommand.HASH_READ, 0, new byte[][] {ascii("HGETALL"), KEY}, 1, -1);
        read.checkFields = FIELDS;
        read.checkIds = new long[] {field(0), field(1), field(2)};
        read.expected = expected;
        return read;
    }

    /** An HMGET of fields 2 and 0, which must hold {@code expected}, in that order. */
    private static TraceOp hmget(long... expected) {
        TraceOp read = new TraceOp(8, TraceCommand.HASH_READ, 0,
                new byte[][] {ascii("HMGET"), KEY, FIELDS[2], FIELDS[0]}, 1, -1);
        read.checkIds = new long[] {field(2), field(0)};
        read.expected = expected;
        return read;
    }

    @Test
    void anHgetallIsIntactWhenEachFieldHoldsItsVersionInWhateverOrderTheyCome() {
        RecordCheck check = RecordCheck.expected(hgetall(3, 0, 5),
                List.of(FIELDS[2], value(2, 5), FIELDS[0], value(0, 3), FIELDS[1], value(1, 0)), new KeyIdSet());

        assertTrue(check.judged());
        assertFalse(check.mismatched());
    }

    @Test
    void aFieldMissingOrOlderOrForeignIsAMismatchNamingItsLineAndField() {
        RecordCheck missing = RecordCheck.expected(hgetall(3, 0, 5),
                List.of(FIELDS[0], value(0, 3), FIELDS[2], value(2, 5)), new KeyIdSet());
        RecordCheck stale = RecordCheck.expected(hgetall(3, 0, 5),
                List.of(FIELDS[0], value(0, 2), FIELDS[1], value(1, 0), FIELDS[2], value(2, 5)), new KeyIdSet());
        RecordCheck foreign = RecordCheck.expected(hgetall(3, 0, 5),
                List.of(FIELDS[0], value(0, 3), ascii("extra"), value(0, 3)), new KeyIdSet());

        assertEquals(Verdict.MISSING, missing.verdict());
        assertEquals("line 7: field field1", missing.where());
        assertEquals(Verdict.STALE, stale.verdict());
        assertEquals("line 7: field field0", stale.where());
        assertEquals(Verdict.MALFORMED, foreign.verdict());
        assertEquals("line 7: field extra, which the trace's records do not have", foreign.where());
    }

    @Test
    void anHmgetsValuesAreTakenInTheOrderOfItsFieldsAMissingOneInItsPlace() {
        RecordCheck intact = RecordCheck.expected(hmget(4, 1), List.of(value(2, 4), value(0, 1)), new KeyIdSet());
        RecordCheck missing = RecordCheck.expected(hmget(4, 1), Arrays.asList(null, value(0, 1)), new KeyIdSet());

        assertTrue(intact.judged());
        assertFalse(intact.mismatched());
        assertEquals(Verdict.MISSING, missing.verdict());
        assertEquals("line 8: field field2", missing.where());
    }

    @Test
    void aDeletedRecordMustBeEmptyAndFieldsNotJudgedOrInDoubtAreLeftOut() {
        RecordCheck empty = RecordCheck.expected(hgetall(TraceOp.ABSENT, TraceOp.ABSENT, TraceOp.ABSENT), List.of(),
                new KeyIdSet());
        RecordCheck stillThere = RecordCheck.expected(hgetall(TraceOp.ABSENT, TraceOp.ABSENT, TraceOp.ABSENT),
                List.of(FIELDS[1], value(1, 0)), new KeyIdSet());
        KeyIdSet inDoubt = new KeyIdSet();
        inDoubt.add(field(1));
        RecordCheck nothingJudged = RecordCheck.expected(hgetall(TraceOp.NOT_JUDGED, 9, TraceOp.NOT_JUDGED),
                List.of(FIELDS[1], value(1, 2)), inDoubt);

        assertTrue(empty.judged());
        assertFalse(empty.mismatched());
        assertEquals(Verdict.STALE, stillThere.verdict());
        assertEquals("line 7: field field1: deleted, yet read", stillThere.where());
        assertFalse(nothingJudged.judged());
        assertNull(nothingJudged.verdict());
    }

    @Test
    void aListedKeysFieldsMayHoldAnyVersionButMustBeTheirOwnWhole() {
        TraceOp listed = new TraceOp(9, TraceCommand.HASH_READ, 0, new byte[][] {ascii("HGETALL"), KEY}, 1, -1);

        assertFalse(RecordCheck.listed(listed, List.of(FIELDS[0], value(0, 17), FIELDS[1], value(1, 2)))
                .mismatched());
        assertFalse(RecordCheck.listed(listed, List.of()).judged(), "deleted since the scan: nothing to judge");
        RecordCheck swapped = RecordCheck.listed(listed, List.of(FIELDS[0], value(1, 2)));
        assertEquals(Verdict.OTHER_KEY, swapped.verdict());
        assertEquals("line 9: field field0 of a key the scan listed", swapped.where());
    }
}
