package dev.metric.cli.option;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a generator of a fleet tells itself apart from its siblings: its index from the environment. */
class GeneratorOptionsTest {

    private static GeneratorOptions options(String runId, String indexEnv, Map<String, String> environment) {
        GeneratorOptions options = new GeneratorOptions();
        options.runId = runId;
        options.indexEnv = indexEnv;
        options.environment = environment;
        return options;
    }

    @Test
    void theIndexIsAppendedToTheRunIdAndIsTheSeedOffset() {
        GeneratorOptions options = options("bench", "JOB_COMPLETION_INDEX", Map.of("JOB_COMPLETION_INDEX", "7"));

        assertEquals("bench-7", options.runId());
        assertEquals(7, options.index());
    }

    @Test
    void withoutARunIdTheGeneratorIsGenAndItsIndex() {
        assertEquals("gen-0", options(null, "I", Map.of("I", "0")).runId());
    }

    @Test
    void withoutIndexEnvNothingChanges() {
        GeneratorOptions options = options(null, null, Map.of("JOB_COMPLETION_INDEX", "7"));

        assertNull(options.runId());
        assertEquals(0, options.index(), "the variable is read only when asked for");
    }

    @Test
    void anIndexThatIsNotOneIsRefusedWithWhatItHolds() {
        for (String value : new String[] {"", "-1", "07", "1e3", "1000000", " 3"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> options("bench", "I", Map.of("I", value)).index(), value);
            assertEquals("--index-env I must hold an index of 0 to 999999, it holds '" + value + "'", e.getMessage());
        }
    }

    @Test
    void aRunIdTooLongWithItsIndexIsRefused() {
        String sixtyTwo = "r".repeat(62);

        assertEquals(sixtyTwo + "-9", options(sixtyTwo, "I", Map.of("I", "9")).runId());
        assertThrows(IllegalArgumentException.class, () -> options(sixtyTwo, "I", Map.of("I", "10")).runId());
    }
}
