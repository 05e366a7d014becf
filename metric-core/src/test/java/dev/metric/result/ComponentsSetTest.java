package dev.metric.result;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ComponentsSetTest {

    @Test
    void namesEveryComponentNotGivenAndPassesOnceAllAre() {
        ComponentsSet components = new ComponentsSet("Figures", List.of("rate", "p50", "p99"));
        components.given(1);

        assertEquals("Figures built without rate, p99",
                assertThrows(IllegalStateException.class, components::requireAll).getMessage());
        components.given(0);
        components.given(2);
        assertDoesNotThrow(components::requireAll);
    }
}
