package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SizeDistributionTest {

    private static final long LIMIT = 8L << 20;

    @Test
    void picksEveryLengthOfTheRangeAndNoOther() {
        SizeDistribution range = SizeDistribution.range(3, 5);
        assertEquals(3, range.pick(0));
        assertEquals(4, range.pick(1));
        assertEquals(5, range.pick(2));
        assertEquals(3, range.pick(3));
        int picked = range.pick(-1L);
        assertTrue(picked >= 3 && picked <= 5);
    }

    @Test
    void rejectsEmptyAndInvertedRanges() {
        assertThrows(IllegalArgumentException.class, () -> SizeDistribution.range(0, 5));
        assertThrows(IllegalArgumentException.class, () -> SizeDistribution.range(6, 5));
    }

    @Test
    void parsesRangesSingleSizesAndUnits() {
        assertEquals(SizeDistribution.range(200, 2000), SizeDistribution.parse("--value-size", "200-2000", LIMIT));
        assertEquals(SizeDistribution.range(1 << 20, 4 << 20), SizeDistribution.parse("--value-size", "1m-4M", LIMIT));
        assertEquals(SizeDistribution.range(10240, 10240), SizeDistribution.parse("--value-size", " 10k ", LIMIT));
        assertEquals(SizeDistribution.range(8 << 20, 8 << 20), SizeDistribution.parse("--value-size", "8m", LIMIT));
        assertEquals("1m-4m B", SizeDistribution.parse("--value-size", "1m-4m", LIMIT).toString());
        assertEquals("200-2000 B", SizeDistribution.range(200, 2000).toString());
    }

    @Test
    void aWeightedListDrawsEachSizeByItsWeight() {
        SizeDistribution sizes = SizeDistribution.parse("--value-size", "100:60,10k:30,1m-2m:10", LIMIT);
        assertEquals(List.of(new SizeDistribution.Bucket(100, 100, 60), new SizeDistribution.Bucket(10240, 10240, 30),
                new SizeDistribution.Bucket(1 << 20, 2 << 20, 10)), sizes.buckets());
        assertEquals("100:60,10k:30,1m-2m:10 B", sizes.toString());
        assertEquals(100, sizes.minBytes());
        assertEquals(2 << 20, sizes.maxBytes());
        int draws = 100_000;
        int[] counts = new int[3];
        long state = 0;
        for (int i = 0; i < draws; i++) {
            state += SplitMix64.GOLDEN_GAMMA;
            int length = sizes.pick(SplitMix64.mix(state));
            counts[length == 100 ? 0 : length == 10240 ? 1 : 2]++;
            assertTrue(length == 100 || length == 10240 || length >= 1 << 20 && length <= 2 << 20, "length " + length);
        }
        double[] shares = {0.6, 0.3, 0.1};
        for (int i = 0; i < 3; i++) {
            double sd = Math.sqrt(draws * shares[i] * (1 - shares[i]));
            assertEquals(draws * shares[i], counts[i], 5 * sd, Arrays.toString(counts));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "0", "9m", "10-5", "100:0", "100:x", "100:60,200", "1k-", "-5", "1.5k"})
    void badSizesAreRefusedWithTheOptionNamed(String text) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SizeDistribution.parse("--value-size", text, LIMIT));
        assertTrue(refused.getMessage().startsWith("--value-size: "), refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count());
    }
}
