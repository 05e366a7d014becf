package dev.metric.mode.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The builder a result shares with every mode's (where and when) and its own components, by name. */
class TemplateResultBuilderTest {

    private static TemplateResult.Builder allButWhereAndWhen() {
        return TemplateResult.builder().config(null).warmupOps(5).durationSec(2).achievedOpsPerSec(10).unsentOps(0)
                .templates(List.of()).all(null).clientCpuMicrosPerOp(-1).firstError(null).faults(null);
    }

    @Test
    void theSharedComponentsLandInTheirOwnPlaces() {
        Instant started = Instant.parse("2026-11-25T10:00:00Z");
        TemplateResult result = allButWhereAndWhen().startedAt(started).address(null).server(null).client(null)
                .environment(null).keysBefore(42).build();

        assertEquals(started, result.startedAt());
        assertEquals(42, result.keysBefore());
        assertEquals(5, result.warmupOps());
    }

    @Test
    void aSharedComponentLeftOutIsNamed() {
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> allButWhereAndWhen().startedAt(Instant.EPOCH).address(null).server(null).client(null)
                        .build());

        assertEquals("TemplateResult built without environment, keysBefore", missing.getMessage());
    }
}
