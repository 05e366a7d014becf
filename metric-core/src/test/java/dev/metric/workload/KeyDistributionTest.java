package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyDistributionTest {

    private static final int DRAWS = 400_000;

    private static long[] counts(KeyDistribution distribution, int keyCount) {
        KeyChooser chooser = distribution.over(keyCount).forWorker(0, 1, new SplittableRandom(11));
        long[] counts = new long[keyCount];
        for (int i = 0; i < DRAWS; i++) {
            counts[chooser.next()]++;
        }
        return counts;
    }

    @Test
    void uniformReachesEveryKeyEvenly() {
        long[] counts = counts(new KeyDistribution.Uniform(), 100);
        for (long count : counts) {
            // 4,000 expected per key; 5 standard deviations is about 315.
            assertTrue(Math.abs(count - 4000) < 320, "count " + count);
        }
    }

    @Test
    void zipfianFavoursLowRanksInTheRatioItsThetaSets() {
        double theta = 0.99;
        long[] counts = counts(new KeyDistribution.Zipfian(theta), 10_000);
        assertTrue(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > counts[10]);
        double ratio = (double) counts[0] / counts[1];
        assertEquals(Math.pow(2, theta), ratio, 0.1, "P(rank 0) / P(rank 1)");
        double zeta = 0;
        for (int i = 1; i <= 10_000; i++) {
            zeta += 1 / Math.pow(i, theta);
        }
        assertEquals(DRAWS / zeta, counts[0], 5 * Math.sqrt(DRAWS / zeta), "draws of the hottest key");
        long beyondHalf = 0;
        for (int i = 5000; i < 10_000; i++) {
            beyondHalf += counts[i];
        }
        assertTrue(beyondHalf > 0, "the tail is reached");
    }

    @Test
    void hotspotSendsItsShareToTheHotKeys() {
        long[] counts = counts(new KeyDistribution.Hotspot(0.2, 0.8), 1000);
        long hot = 0;
        for (int i = 0; i < 200; i++) {
            hot += counts[i];
        }
        // 320,000 expected; one standard deviation is about 253.
        assertEquals(0.8 * DRAWS, hot, 1300);
        assertTrue(counts[999] > 0, "cold keys are still read");
    }

    @Test
    void sequentialWorkersStartApartAndWrapAround() {
        KeyDistribution.Choosers choosers = new KeyDistribution.Sequential().over(10);
        KeyChooser first = choosers.forWorker(0, 2, new SplittableRandom(1));
        KeyChooser second = choosers.forWorker(1, 2, new SplittableRandom(2));
        int[] expectedFirst = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0};
        for (int expected : expectedFirst) {
            assertEquals(expected, first.next());
        }
        int[] expectedSecond = {5, 6, 7, 8, 9, 0, 1};
        for (int expected : expectedSecond) {
            assertEquals(expected, second.next());
        }
    }

    @Test
    void tinyKeySpacesStayInRange() {
        for (KeyDistribution distribution : new KeyDistribution[] {new KeyDistribution.Uniform(),
                new KeyDistribution.Zipfian(0.5), new KeyDistribution.Hotspot(0.5, 0.5),
                new KeyDistribution.Sequential()}) {
            for (int keyCount = 1; keyCount <= 3; keyCount++) {
                long[] counts = counts(distribution, keyCount);
                assertEquals(DRAWS, java.util.Arrays.stream(counts).sum(), distribution.describe());
            }
        }
    }

    @Test
    void parametersOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Zipfian(1.0));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Zipfian(0));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(0.2, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(Double.NaN, 0.5));
    }
}
