package dev.metric.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.jmh.pool.PoolBenchmark;
import dev.metric.jmh.support.ValueState;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteParametersTest {

    @Test
    void readsTheValuesOfAParamInTheOrderTheyAreWritten() {
        assertEquals(List.of("200", "1100", "2000"), SuiteParameters.of(ValueState.class, "valueBytes"));
    }

    @Test
    void refusesAFieldThatIsMissingOrNotAParam() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> SuiteParameters.of(ValueState.class, "sizes"));
        assertTrue(missing.getMessage().contains("ValueState has no public field sizes"), missing.getMessage());
        IllegalArgumentException notParam = assertThrows(IllegalArgumentException.class,
                () -> SuiteParameters.of(ValueState.class, "value"));
        assertEquals("ValueState.value is not a @Param", notParam.getMessage());
    }

    @Test
    void thePoolAndCodecBenchmarksCoverTheSameLibraries() {
        assertEquals(SuiteParameters.LIBRARIES, SuiteParameters.of(PoolBenchmark.Pooled.class, "client"));
    }

    @Test
    void theRoundTripSizesAreAmongTheSizesTheCodecBenchmarksMeasure() {
        assertTrue(SuiteParameters.KEY_SIZES.contains(SuiteParameters.KEY), SuiteParameters.KEY);
        assertTrue(SuiteParameters.VALUE_SIZES.contains(SuiteParameters.VALUE), SuiteParameters.VALUE);
    }
}
