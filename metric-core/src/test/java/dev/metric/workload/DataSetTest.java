package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DataSetTest {

    private static final int KEYS = 100_000;
    private final DataSet dataSet = DataSet.standard(42, KEYS);

    @Test
    void lengthsStayWithinTheRangesAndReachBothEnds() {
        int minKey = Integer.MAX_VALUE, maxKey = 0, minValue = Integer.MAX_VALUE, maxValue = 0;
        for (int i = 0; i < KEYS; i++) {
            byte[] key = dataSet.key(i);
            byte[] value = dataSet.value(i);
            assertEquals(dataSet.keyLength(i), key.length);
            assertEquals(dataSet.valueLength(i), value.length);
            minKey = Math.min(minKey, key.length);
            maxKey = Math.max(maxKey, key.length);
            minValue = Math.min(minValue, value.length);
            maxValue = Math.max(maxValue, value.length);
        }
        assertEquals(20, minKey);
        assertEquals(200, maxKey);
        assertEquals(200, minValue);
        assertEquals(2000, maxValue);
    }

    @Test
    void lengthsAreUniform() {
        int[] valueLengthsPerDecile = new int[10];
        for (int i = 0; i < KEYS; i++) {
            valueLengthsPerDecile[(dataSet.valueLength(i) - 200) * 10 / 1801]++;
        }
        // Each tenth of the range expects 10,000 of 100,000 draws; 5 standard deviations is about 475.
        for (int count : valueLengthsPerDecile) {
            assertTrue(Math.abs(count - KEYS / 10) < 500, () -> Arrays.toString(valueLengthsPerDecile));
        }
    }

    @Test
    void everyKeyIsUniqueAndCarriesThePrefix() {
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < KEYS; i++) {
            String key = new String(dataSet.key(i), StandardCharsets.US_ASCII);
            assertTrue(key.startsWith(DataSpec.DEFAULT_KEY_PREFIX + Integer.toString(i, 36) + ":"), key);
            assertTrue(keys.add(key), "duplicate key " + key);
        }
    }

    @Test
    void keysAndValuesArePrintableAscii() {
        for (int i = 0; i < 1000; i++) {
            for (byte b : dataSet.value(i)) {
                assertTrue(b > 0x20 && b < 0x7F, "unprintable byte " + b);
            }
            for (byte b : dataSet.key(i)) {
                assertTrue(b > 0x20 && b < 0x7F, "unprintable byte " + b);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameDataAndAnotherSeedOtherData() {
        DataSet again = DataSet.standard(42, KEYS);
        DataSet other = DataSet.standard(43, KEYS);
        int sameValues = 0;
        for (int i = 0; i < 1000; i++) {
            assertArrayEquals(dataSet.key(i), again.key(i));
            assertArrayEquals(dataSet.value(i), again.value(i));
            if (Arrays.equals(dataSet.value(i), other.value(i))) {
                sameValues++;
            }
        }
        assertEquals(0, sameValues);
    }

    @Test
    void valuesOfDifferentKeysDiffer() {
        Set<String> values = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(values.add(new String(dataSet.value(i), StandardCharsets.US_ASCII)));
        }
    }

    @Test
    void totalBytesIsTheSumOfAllKeysAndValues() {
        DataSet small = DataSet.standard(7, 500);
        long sum = 0;
        for (int i = 0; i < 500; i++) {
            sum += small.key(i).length + small.value(i).length;
        }
        assertEquals(sum, small.totalBytes());
    }

    @Test
    void rejectsIndicesOutsideTheKeySpaceAndKeysTooShortToBeUnique() {
        assertThrows(IndexOutOfBoundsException.class, () -> dataSet.key(KEYS));
        assertThrows(IndexOutOfBoundsException.class, () -> dataSet.key(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> dataSet.value(KEYS));
        assertThrows(IllegalArgumentException.class,
                () -> DataSpec.standard(10, 1).withSizes(SizeDistribution.range(5, 10), DataSpec.STANDARD_VALUE_SIZES));
        assertThrows(IllegalArgumentException.class, () -> DataSet.standard(1, 0));
    }

    @Test
    void aValueNamesItsKeyAndForeignBytesNameNone() {
        for (int index : new int[] {0, 35, 36, KEYS - 1}) {
            assertEquals(index, dataSet.valueOwner(dataSet.value(index)));
        }
        assertEquals(-1, dataSet.valueOwner(ascii("=zzzzz.abc")), "an index beyond the key count");
        assertEquals(-1, dataSet.valueOwner(ascii("hello world")));
        assertEquals(-1, dataSet.valueOwner(ascii("=.abc")));
        assertEquals(-1, dataSet.valueOwner(ascii("=1A.abc")));
        assertEquals(-1, dataSet.valueOwner(ascii("=1a")));
        assertThrows(IllegalArgumentException.class,
                () -> DataSpec.standard(10, 1).withSizes(DataSpec.STANDARD_KEY_SIZES, SizeDistribution.range(7, 10)));
    }

    @Test
    void keysCarryThePrefixTheUserChoseAndStillHoldAUniqueIndex() {
        DataSet prefixed = new DataSet(new DataSpec(KEYS, 42, "app:cache:", DataSpec.STANDARD_KEY_SIZES,
                DataSpec.STANDARD_VALUE_SIZES));
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < KEYS; i++) {
            String key = new String(prefixed.key(i), StandardCharsets.UTF_8);
            assertTrue(key.startsWith("app:cache:" + Integer.toString(i, 36) + ":"), key);
            assertTrue(keys.add(key), "duplicate key " + key);
            assertArrayEquals(dataSet.value(i), prefixed.value(i), "the prefix names keys, values stay the same");
        }
    }

    @Test
    void refusesAnEmptyPrefixAndKeysTooShortForALongOne() {
        assertThrows(IllegalArgumentException.class, () -> new DataSpec(10, 1, "", DataSpec.STANDARD_KEY_SIZES,
                DataSpec.STANDARD_VALUE_SIZES), "an empty prefix makes every key look like metric's");
        String fifteen = "a-long-prefix::";
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class, () -> new DataSpec(10, 1,
                fifteen, SizeDistribution.range(21, 30), DataSpec.STANDARD_VALUE_SIZES));
        assertTrue(tooShort.getMessage().contains("keys must be 22 bytes"), tooShort.getMessage());
        DataSet shortest = new DataSet(new DataSpec(10, 1, fifteen, SizeDistribution.range(22, 22),
                DataSpec.STANDARD_VALUE_SIZES));
        assertEquals(22, shortest.key(9).length, "the prefix, six base-36 digits at most and the separator");
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void theLargestIndexStillFitsTheShortestKey() {
        DataSet largest = DataSet.standard(1, Integer.MAX_VALUE);
        String key = new String(largest.key(Integer.MAX_VALUE - 1), StandardCharsets.US_ASCII);
        assertTrue(key.startsWith("metric:" + Integer.toString(Integer.MAX_VALUE - 1, 36) + ":"), key);
        assertFalse(key.length() < 20);
    }

    @Test
    void everyKeyOfAnyRunUnderThePrefixAndSizesHasTheKeyShape() {
        DataSet otherRun = DataSet.standard(7, 3);
        for (int i = 0; i < KEYS; i++) {
            assertTrue(dataSet.hasKeyShape(dataSet.key(i)), "key " + i);
        }
        for (int i = 0; i < 3; i++) {
            assertTrue(dataSet.hasKeyShape(otherRun.key(i)), "another seed's and count's key " + i);
        }
    }

    @Test
    void keysNotOfTheShapeAreNot() {
        byte[] key = dataSet.key(12345);
        String text = new String(key, StandardCharsets.US_ASCII);
        String filler = text.substring(text.indexOf(':', "metric:".length()) + 1);
        for (String other : new String[] {
            "user:" + text.substring(5), // another prefix of the same length
            "metric:9IX:" + filler, // an uppercase index
            "metric:09ix:" + filler.substring(1), // a leading zero
            "metric:zzzzzzz:" + filler.substring(4), // an index of more digits than an int has
            "metric::" + filler + "abcd", // no index
            "metric:9ix" + filler, // no separator after the index
            "metric:9ix:" + filler.substring(1) + " ", // a byte outside the filler's alphabet
            "metric:9ix:" + filler.substring(1, 3), // shorter than the shortest key
            "metric:9ix:" + "a".repeat(200), // longer than the longest
        }) {
            assertFalse(dataSet.hasKeyShape(other.getBytes(StandardCharsets.UTF_8)), other);
        }
        assertTrue(dataSet.hasKeyShape(("metric:9ix:" + filler).getBytes(StandardCharsets.UTF_8)),
                "the same filler after a well-formed index");
    }
}
