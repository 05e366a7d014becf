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

    /**
     * From an exponent of 1 on (memtier's default for its Z pattern), every key's share is its exact
     * Zipfian probability, {@code (1/(k+1)^theta) / sum}, within five standard deviations of the draws.
     */
    @Test
    void zipfianFromOneOnDrawsEachKeyInItsExactProportion() {
        for (double theta : new double[] {1.0, 1.5, 3.0}) {
            int keys = 1000;
            long[] counts = counts(new KeyDistribution.Zipfian(theta), keys);
            double sum = 0;
            for (int k = 1; k <= keys; k++) {
                sum += 1 / Math.pow(k, theta);
            }
            for (int k = 0; k < 50; k++) {
                double p = 1 / Math.pow(k + 1, theta) / sum;
                double expected = DRAWS * p;
                assertEquals(expected, counts[k], 5 * Math.sqrt(expected * (1 - p)) + 1,
                        "theta " + theta + ", key " + k);
            }
        }
    }

    /**
     * memtier's G pattern: about 68% of the draws within one standard deviation of the median (a
     * sixth of the keys by default), none outside the keys.
     */
    @Test
    void gaussianDrawsAroundItsMedianWithItsStandardDeviation() {
        long[] counts = counts(new KeyDistribution.Gaussian(null, null), 6000);
        long withinOne = 0;
        for (int i = 0; i < counts.length; i++) {
            if (Math.abs(i - 2999.5) <= 1000) {
                withinOne += counts[i];
            }
        }
        // Keys 2000-3999 are the draws within one deviation (z in [-1, 1)); the draws beyond three, outside
        // the keys, are drawn again: 68.27% of the 99.73% kept. Five standard deviations are about 1,500.
        assertEquals(0.6827 / 0.9973 * DRAWS, withinOne, 1500);
        assertTrue(counts[2999] > 10 * counts[100], "the middle is hotter than the edge");

        long[] narrow = counts(new KeyDistribution.Gaussian(100.0, 10.0), 1000);
        long near = 0;
        for (int i = 80; i <= 120; i++) {
            near += narrow[i];
        }
        // Keys 80-120 are the draws with z in [-2.05, 2.05): 95.96%; five standard deviations are about 620.
        assertEquals(0.9596 * DRAWS, near, 650, "about two deviations of key 100");
        assertEquals(0, narrow[999], "no draw far from the median");
        assertEquals("gaussian, median key 100, standard deviation 10 keys",
                new KeyDistribution.Gaussian(100.0, 10.0).describe());
    }

    @Test
    void gaussianMedianPastTheKeysIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Gaussian(5000.0, 10.0).over(1000));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Gaussian(null, 0.0));
    }

    /** memtier's P pattern: each worker its own contiguous part of the keys, in order, wrapping within it. */
    @Test
    void parallelGivesEachWorkerItsOwnPartInOrder() {
        KeyDistribution.Choosers choosers = new KeyDistribution.Parallel().over(10);
        KeyChooser first = choosers.forWorker(0, 3, new SplittableRandom(1));
        KeyChooser last = choosers.forWorker(2, 3, new SplittableRandom(1));
        int[] firsts = new int[5];
        int[] lasts = new int[5];
        for (int i = 0; i < 5; i++) {
            firsts[i] = first.next();
            lasts[i] = last.next();
        }
        assertEquals("[0, 1, 2, 0, 1]", java.util.Arrays.toString(firsts), "keys 0-2, then again");
        assertEquals("[6, 7, 8, 9, 6]", java.util.Arrays.toString(lasts), "keys 6-9, then again");
        KeyChooser crowded = new KeyDistribution.Parallel().over(2).forWorker(2, 3, new SplittableRandom(1));
        assertEquals(1, crowded.next(), "more workers than keys: the key its part starts at");
        assertEquals(1, crowded.next());
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
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Zipfian(5.0));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Zipfian(0));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(0.2, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new KeyDistribution.Hotspot(Double.NaN, 0.5));
    }
}
