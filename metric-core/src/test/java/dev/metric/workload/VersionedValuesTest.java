package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class VersionedValuesTest {

    private final DataSet dataSet = DataSet.standard(5, 5000);
    private final VersionedValues values = new VersionedValues(dataSet);

    @Test
    void everyVersionOfEveryKeyChecksOut() {
        for (int index = 0; index < dataSet.keyCount(); index += 7) {
            for (long version : new long[] {0, 1, 12345, Long.MAX_VALUE}) {
                byte[] value = values.value(index, version);
                assertEquals(Verdict.MATCH, values.check(index, value), "key " + index + " version " + version);
                assertTrue(value.length >= 200 && value.length <= 2000, "length " + value.length);
            }
        }
    }

    @Test
    void valuesArePureFunctionsOfKeyAndVersion() {
        assertArrayEquals(values.value(17, 99), new VersionedValues(DataSet.standard(5, 5000)).value(17, 99));
        assertNotEquals(new String(values.value(17, 99), StandardCharsets.US_ASCII),
                new String(values.value(17, 100), StandardCharsets.US_ASCII));
        assertNotEquals(new String(values.value(17, 99), StandardCharsets.US_ASCII),
                new String(new VersionedValues(DataSet.standard(6, 5000)).value(17, 99), StandardCharsets.US_ASCII));
    }

    @Test
    void aMissingKeyIsMissing() {
        assertEquals(Verdict.MISSING, values.check(3, null));
    }

    @Test
    void anotherKeysValueIsCaught() {
        assertEquals(Verdict.OTHER_KEY, values.check(3, values.value(4, 0)));
        assertEquals(-1, values.expectedLength(3, values.value(4, 0)));
    }

    @Test
    void truncatedOrExtendedValuesAreCaught() {
        byte[] value = values.value(8, 42);
        assertEquals(Verdict.WRONG_LENGTH, values.check(8, Arrays.copyOf(value, value.length - 1)));
        assertEquals(Verdict.WRONG_LENGTH, values.check(8, Arrays.copyOf(value, value.length + 1)));
        assertEquals(value.length - 1, values.firstDifference(8, Arrays.copyOf(value, value.length - 1)));
        assertEquals(value.length, values.expectedLength(8, Arrays.copyOf(value, 100)));
    }

    @Test
    void aValueAtTheStartOfALongerBufferIsJudgedByItsLengthAlone() {
        byte[] value = values.value(8, 42);
        byte[] buffer = Arrays.copyOf(value, value.length + 300);
        Arrays.fill(buffer, value.length, buffer.length, (byte) '.');

        assertEquals(Verdict.MATCH, values.check(8, buffer, value.length), "what lies past the length is not read");
        assertEquals(42, values.versionOf(buffer, value.length));
        assertEquals(Verdict.WRONG_LENGTH, values.check(8, buffer, value.length - 1));
        assertEquals(Verdict.WRONG_LENGTH, values.check(8, buffer, value.length + 1));
        assertEquals(Verdict.MISSING, values.check(8, null, -1));
    }

    @Test
    void aHeaderThatOnlyEndsPastTheLengthIsMalformed() {
        byte[] value = values.value(8, 42);
        int headerEnd = new String(value, StandardCharsets.US_ASCII).indexOf('.', 1);

        assertEquals(Verdict.MALFORMED, values.check(8, value, headerEnd), "the index field's end lies past it");
        assertEquals(Verdict.MALFORMED, values.check(8, value, 0));
    }

    @Test
    void aFlippedByteAnywhereIsCaught() {
        byte[] original = values.value(9, 7);
        for (int at = 0; at < original.length; at++) {
            byte[] value = original.clone();
            value[at] ^= 1;
            assertNotEquals(Verdict.MATCH, values.check(9, value), "flip at " + at);
        }
        byte[] value = original.clone();
        value[150] ^= 1;
        assertEquals(Verdict.WRONG_BYTES, values.check(9, value));
        assertEquals(150, values.firstDifference(9, value));
    }

    @Test
    void foreignBytesAreMalformed() {
        assertEquals(Verdict.MALFORMED, values.check(1, new byte[0]));
        assertEquals(Verdict.MALFORMED, values.check(1, "hello".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED, values.check(1, "=1.".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED,
                values.check(1, "=1.zzzzzzzzzzzzzzzzzz.abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED, values.check(1, "=A.1.abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.MALFORMED, values.check(1, "=zzzzz.1.abc".getBytes(StandardCharsets.US_ASCII)),
                "an index beyond the key space");
        assertEquals(Verdict.MALFORMED, values.check(1, dataSet.value(1)), "a mode1 value");
    }

    @Test
    void negativeVersionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> values.value(1, -1));
    }

    @Test
    void aWritesTtlDerivesFromKeyAndVersionAndSpansTheRange() {
        TtlRange range = new TtlRange(3, 7);
        int[] seen = new int[8];
        for (long version = 0; version < 5000; version++) {
            long ttl = values.ttlSeconds((int) (version % 100), version, range);
            assertTrue(ttl >= 3 && ttl <= 7, "TTL " + ttl);
            seen[(int) ttl]++;
            assertEquals(ttl, values.ttlSeconds((int) (version % 100), version, range), "the same write, the same TTL");
        }
        // Each of the 5 TTLs expects 1,000 of 5,000 draws; 5 standard deviations is about 140.
        for (int ttl = 3; ttl <= 7; ttl++) {
            assertTrue(Math.abs(seen[ttl] - 1000) < 140, Arrays.toString(seen));
        }
        assertEquals(60, values.ttlSeconds(1, 2, new TtlRange(60, 60)));
    }

    @Test
    void anIntactValueTellsItsVersion() {
        assertEquals(0, values.versionOf(values.value(3, 0)));
        assertEquals(Long.MAX_VALUE, values.versionOf(values.value(3, Long.MAX_VALUE)));
        assertThrows(IllegalArgumentException.class,
                () -> values.versionOf("no header".getBytes(StandardCharsets.US_ASCII)));
    }
}
