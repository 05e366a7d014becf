package dev.metric.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuantityTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "90, 90000000000",
        "90s, 90000000000",
        "1.5m, 90000000000",
        "2M, 120000000000",
        "1h, 3600000000000",
        "500ms, 500000000",
        "250us, 250000",
        "250µs, 250000",
        "40ns, 40",
        "' 2 s ', 2000000000",
        "0, 0",
    })
    void readsDurationsInEveryUnitWithBareNumbersInSeconds(String text, long nanos) {
        assertEquals(Duration.ofNanos(nanos), Quantity.duration(text, "s"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"soon", "-1s", "1d", "s", "1.s", "''", "3e9"})
    void refusesWhatIsNotADuration(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Quantity.duration(text, "s"));
        assertTrue(e.getMessage().contains("is not a duration like 500ms, 2s, 1m or 1h"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2562048h", "99999999999999999999s"})
    void refusesADurationBeyondWhatNanosecondsHold(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Quantity.duration(text, "s"));
        assertTrue(e.getMessage().contains("longer than any run"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"1", "1.5"})
    void aRequiredUnitIsNotAssumed(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Quantity.duration(text, null));
        assertTrue(e.getMessage().contains("needs a unit"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"100000, 100000", "64k, 65536", "500k, 512000", "3M, 3145728", "1.5m, 1572864", "2.25k, 2304",
        "0, 0"})
    void readsCountsWithTheSuffixesOfKkeys(String text, long count) {
        assertEquals(count, Quantity.count(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"1.5", "1.0001k", "1.3k", "3g", "-2", "k", "1e3"})
    void refusesCountsThatAreNotWhole(String text) {
        assertThrows(IllegalArgumentException.class, () -> Quantity.count(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2500, 2500", "10k, 10000", "1.5m, 1500000", "0.5, 0.5"})
    void readsRates(String text, double rate) {
        assertEquals(rate, Quantity.rate(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"512, 512", "4k, 4096", "4K, 4096", "1m, 1048576", "64m, 67108864"})
    void readsSizesWithBinarySuffixes(String text, long bytes) {
        assertEquals(bytes, Quantity.bytes(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"x", "1.5k", "-4", "+4", "k", "1g", "9999999999999999m"})
    void refusesSizesThatAreNotWholeBytes(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Quantity.bytes(text));
        assertTrue(e.getMessage().startsWith("a size is bytes"), e.getMessage());
    }
}
