package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** memtier_benchmark's names: the prefix and the key's number, values of any length of the key's own filler. */
class NumberedDataSetTest {

    private static DataSet numbered(String prefix, long first, int keys, SizeDistribution values) {
        return new DataSet(DataSpec.numbered(keys, 7, prefix, new KeyNumbers(first), values));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    @Test
    void aKeyIsThePrefixAndItsNumberFromTheFirst() {
        DataSet data = numbered("memtier-", 1, 100_000, SizeDistribution.range(32, 32));
        assertEquals("memtier-1", text(data.key(0)));
        assertEquals("memtier-10", text(data.key(9)));
        assertEquals("memtier-100000", text(data.key(99_999)));
        assertEquals(9, data.keyLength(0));
        assertEquals(14, data.keyLength(99_999));
        assertEquals(SizeDistribution.range(9, 14), data.keySizes());
        assertEquals("7", text(numbered("", 7, 1, SizeDistribution.range(1, 1)).key(0)));
    }

    @Test
    void valuesAreTheKeysOwnFillerOfTheirLengthFromOneByteAndCheckByteForByte() {
        DataSet data = numbered("", 0, 1000, SizeDistribution.range(1, 64));
        ValueVerifier verifier = new ValueVerifier(data);
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            byte[] value = data.value(i);
            assertEquals(data.valueLength(i), value.length);
            assertTrue(value.length >= 1 && value.length <= 64);
            assertArrayEquals(value, data.value(i));
            assertEquals(Verdict.MATCH, verifier.check(i, value));
            assertEquals(-1, data.valueOwner(value), "a numbered key's value names no owner");
            distinct.add(text(value));
        }
        assertTrue(distinct.size() > 900, "values differ by key: " + distinct.size());
        byte[] damaged = data.value(3);
        damaged[damaged.length - 1] ^= 1;
        assertNotEquals(Verdict.MATCH, verifier.check(3, damaged));
        assertEquals(damaged.length - 1, verifier.firstDifference());
    }

    @Test
    void numberedNamesAreNeverMetricsShape() {
        DataSet data = numbered("metric:", 0, 10, SizeDistribution.range(32, 32));
        for (int i = 0; i < 10; i++) {
            assertFalse(data.hasKeyShape(data.key(i)));
        }
    }

    @Test
    void anEmptyPrefixIsAllowedButNotStructuresNorANumberBeyondTheLimit() {
        assertEquals(0, DataSpec.numbered(1, 1, "", new KeyNumbers(0), SizeDistribution.range(1, 1)).keyPrefix()
                .length());
        DataSpec strings = DataSpec.numbered(10, 1, "", new KeyNumbers(0), SizeDistribution.range(32, 32));
        assertThrows(IllegalArgumentException.class, () -> strings.withType(ValueType.HASH, 3));
        assertThrows(IllegalArgumentException.class, () -> DataSpec.numbered(10, 1, "k", new KeyNumbers(
                KeyNumbers.MAX_NUMBER - 5), SizeDistribution.range(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> new KeyNumbers(-1));
        assertThrows(IllegalArgumentException.class, () -> new DataSpec(10, 1, "", DataSpec.STANDARD_KEY_SIZES,
                DataSpec.STANDARD_VALUE_SIZES), "metric's own names still need a prefix");
    }
}
