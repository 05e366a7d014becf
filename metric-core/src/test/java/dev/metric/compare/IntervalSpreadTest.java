package dev.metric.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.metric.report.ResponseTimes;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalSpreadTest {

    @TempDir
    Path directory;

    @Test
    void theRateOfEachSecondVariesByItsCoefficientOfVariation() throws IOException {
        // mean 10,000, squared deviations 0 + 160,000 + 160,000 + 40,000 + 40,000 over 4: sd 316.2
        IntervalSpread spread = IntervalSpread.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "run",
                10_000, 10_400, 9_600, 10_200, 9_800)));

        assertEquals(0.03162, spread.variation(Headline.OPS_PER_SEC), 1e-5);
        assertEquals(0.0, spread.variation(Headline.P99), "every response took 50 us");
    }

    @Test
    void fewerThanThreeIntervalsTellNothing() throws IOException {
        assertNull(IntervalSpread.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "short", 10_000, 10_400))));
        assertNull(IntervalSpread.of(ResponseTimes.read(SavedRuns.hdrLog(directory, "empty", 10_000, 0, 0, 9_000))),
                "empty intervals are left out");
    }
}
