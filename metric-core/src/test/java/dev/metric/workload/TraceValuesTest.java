package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TraceValuesTest {

    private static final long KEY = TraceValues.keyId("user:42".getBytes(StandardCharsets.US_ASCII));

    @Test
    void keyIdsAreStableNonNegativeAndTellKeysApart() {
        assertEquals(KEY, TraceValues.keyId("user:42".getBytes(StandardCharsets.US_ASCII)));
        assertNotEquals(KEY, TraceValues.keyId("user:43".getBytes(StandardCharsets.US_ASCII)));
        assertNotEquals(TraceValues.keyId(new byte[] {0}), TraceValues.keyId(new byte[] {0, 0}));
        assertTrue(TraceValues.keyId(new byte[0]) >= 0);
    }

    @Test
    void aValueHasTheLengthAskedAndChecksOutForItsKeyAndVersion() {
        for (int length : new int[] {TraceValues.MIN_BYTES, 100, 1999, 70_000}) {
            for (long version : new long[] {0, 1, 987_654_321_987L, Long.MAX_VALUE}) {
                byte[] value = TraceValues.value(KEY, version, length);
                assertEquals(length, value.length);
                assertEquals(Verdict.MATCH, TraceValues.check(KEY, version, value), length + " bytes, v" + version);
            }
        }
        assertArrayEquals(TraceValues.value(KEY, 7, 300), TraceValues.value(KEY, 7, 300));
    }

    @Test
    void eachWayAValueCanBeWrongIsToldApart() {
        byte[] value = TraceValues.value(KEY, 5, 500);

        assertEquals(Verdict.MISSING, TraceValues.check(KEY, 5, null));
        assertEquals(Verdict.STALE, TraceValues.check(KEY, 6, value), "an older write's value");
        assertEquals(Verdict.OTHER_KEY, TraceValues.check(KEY + 1, 5, value));
        assertEquals(Verdict.WRONG_LENGTH, TraceValues.check(KEY, 5, Arrays.copyOf(value, 499)));
        assertEquals(Verdict.WRONG_LENGTH, TraceValues.check(KEY, 5, Arrays.copyOf(value, 501)));
        byte[] flipped = value.clone();
        flipped[400] ^= 1;
        assertEquals(Verdict.WRONG_BYTES, TraceValues.check(KEY, 5, flipped));
        assertEquals(Verdict.MALFORMED, TraceValues.check(KEY, 5, "hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED, TraceValues.check(KEY, 5, new byte[0]));
    }

    @Test
    void eachFieldOfEachRecordHasAnIdOfItsOwn() {
        byte[] field0 = "field0".getBytes(StandardCharsets.US_ASCII);
        byte[] field1 = "field1".getBytes(StandardCharsets.US_ASCII);
        long other = TraceValues.keyId("user:43".getBytes(StandardCharsets.US_ASCII));

        assertEquals(TraceValues.fieldId(KEY, field0), TraceValues.fieldId(KEY, field0.clone()));
        assertNotEquals(TraceValues.fieldId(KEY, field0), TraceValues.fieldId(KEY, field1));
        assertNotEquals(TraceValues.fieldId(KEY, field0), TraceValues.fieldId(other, field0));
        assertNotEquals(KEY, TraceValues.fieldId(KEY, field0), "a field is not its record's key");
        assertTrue(TraceValues.fieldId(KEY, field0) >= 0);
    }

    @Test
    void aValueOfUnknownVersionMustStillBeOneOfItsKeysWhole() {
        byte[] value = TraceValues.value(KEY, 9, 300);
        byte[] flipped = value.clone();
        flipped[200] ^= 1;

        assertEquals(Verdict.MATCH, TraceValues.checkAnyVersion(KEY, value));
        assertEquals(Verdict.MATCH, TraceValues.checkAnyVersion(KEY, TraceValues.value(KEY, 0, 100)));
        assertEquals(Verdict.OTHER_KEY, TraceValues.checkAnyVersion(KEY + 1, value));
        assertEquals(Verdict.WRONG_BYTES, TraceValues.checkAnyVersion(KEY, flipped));
        assertEquals(Verdict.WRONG_LENGTH, TraceValues.checkAnyVersion(KEY, Arrays.copyOf(value, 299)));
        assertEquals(Verdict.MALFORMED, TraceValues.checkAnyVersion(KEY, "hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED, TraceValues.checkAnyVersion(KEY, Arrays.copyOf(value, 3)));
        assertEquals(Verdict.MISSING, TraceValues.checkAnyVersion(KEY, null));
    }

    @Test
    void aValueTooShortForItsHeaderIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TraceValues.value(KEY, 1, TraceValues.MIN_BYTES - 1));
        assertThrows(IllegalArgumentException.class, () -> TraceValues.value(-1, 1, 100));
    }

    @Test
    void warmLengthsComeFromTheSizesAndStayPerKey() {
        SizeDistribution sizes = SizeDistribution.range(200, 2000);
        int length = TraceValues.length(KEY, sizes);

        assertTrue(length >= 200 && length <= 2000, "length " + length);
        assertEquals(length, TraceValues.length(KEY, sizes));
    }
}
