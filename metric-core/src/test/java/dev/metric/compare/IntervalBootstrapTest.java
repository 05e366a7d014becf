package dev.metric.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.report.ResponseTimes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalBootstrapTest {

    @TempDir
    Path directory;

    /**
     * Seconds whose rate varies by 10% around 10,000: the mean of 100 of them is known to within
     * 1.96 * 10% / sqrt(100) = 1.96% (95%), of 400 to within half that. One second's variation,
     * 10%, is not the uncertainty of the run's rate.
     */
    @Test
    void theRatesBandIsTheUncertaintyOfTheWholeRunsRateAndShrinksWithItsLength() throws IOException {
        double hundred = band("hundred", SavedRuns.noisy(100, 10_000, 1_000, 1), Headline.OPS_PER_SEC);
        double fourHundred = band("four-hundred", SavedRuns.noisy(400, 10_000, 1_000, 2), Headline.OPS_PER_SEC);

        assertTrue(hundred > 1.4 && hundred < 2.6, hundred + "%, expected about 1.96%");
        assertTrue(fourHundred / hundred > 0.35 && fourHundred / hundred < 0.65,
                fourHundred + "% for 400 s against " + hundred + "% for 100 s: about half");
    }

    /**
     * The same seconds, once in the order of a server that ran slow for the first half and fast for
     * the second, once shuffled: seconds that hang together are drawn together in blocks, so the
     * ordered run is the less certain one, as a run with a slow minute in it is.
     */
    @Test
    void secondsThatHangTogetherWidenTheBand() throws IOException {
        long[] steps = new long[100];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = i < 50 ? 9_000 : 11_000;
        }
        List<Long> shuffled = new ArrayList<>();
        for (long count : steps) {
            shuffled.add(count);
        }
        Collections.shuffle(shuffled, new Random(3));

        double ordered = band("ordered", steps, Headline.OPS_PER_SEC);
        double mixed = band("mixed", shuffled.stream().mapToLong(Long::longValue).toArray(), Headline.OPS_PER_SEC);

        assertTrue(ordered > 1.5 * mixed, ordered + "% ordered against " + mixed + "% shuffled");
    }

    @Test
    void aP99ThatMovesBetweenSecondsHasABandAndOneThatDoesNotHasNone() throws IOException {
        Random random = new Random(4);
        Histogram[] moving = new Histogram[60];
        Histogram[] still = new Histogram[60];
        for (int i = 0; i < moving.length; i++) {
            moving[i] = new Histogram(3);
            moving[i].recordValueWithCount(50_000, 9_900);
            // the slowest 1% of each second takes 100 us to 500 us
            moving[i].recordValueWithCount(100_000 + random.nextInt(400_000), 100);
            still[i] = new Histogram(3);
            still[i].recordValueWithCount(50_000, 9_900);
            still[i].recordValueWithCount(200_000, 100);
        }

        IntervalBootstrap movingBands = IntervalBootstrap.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "moving",
                moving)));
        IntervalBootstrap stillBands = IntervalBootstrap.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "still",
                still)));

        assertTrue(movingBands.bandPercent(Headline.P999) > 1, movingBands.bandPercent(Headline.P999) + "%");
        assertEquals(0.0, stillBands.bandPercent(Headline.P999), "every second the same: nothing to resample");
        assertEquals(0.0, stillBands.bandPercent(Headline.P50));
        assertEquals(0.0, stillBands.bandPercent(Headline.OPS_PER_SEC));
    }

    @Test
    void theSameLogGivesTheSameBand() throws IOException {
        long[] counts = SavedRuns.noisy(30, 10_000, 1_000, 5);

        assertEquals(band("first", counts, Headline.OPS_PER_SEC), band("second", counts, Headline.OPS_PER_SEC));
    }

    @Test
    void fewerThanFiveWholeIntervalsTellNothing() throws IOException {
        assertNull(IntervalBootstrap.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "short",
                10_000, 10_400, 9_600, 10_000))));
        assertNull(IntervalBootstrap.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "empty",
                10_000, 0, 10_400, 0, 9_600, 0, 10_000))), "empty intervals are left out");
    }

    private double band(String name, long[] counts, Headline figure) throws IOException {
        return IntervalBootstrap.of(ResponseTimes.read(SavedRuns.hdrLog(directory, name, counts))).bandPercent(figure);
    }
}
