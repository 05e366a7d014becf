package dev.metric.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.ClientLibrary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepPlanTest {

    private static final List<ClientLibrary> BOTH = List.of(ClientLibrary.JEDIS, ClientLibrary.LETTUCE);

    @Test
    void everyClientPoolAndThreadCountIsACellButJedisHasNoSharedConnection() {
        SweepPlan plan = new SweepPlan(BOTH, List.of(0, 8), List.of(1, 4), 1);

        assertEquals(List.of(
                new SweepCell(ClientLibrary.JEDIS, 8, 1), new SweepCell(ClientLibrary.JEDIS, 8, 4),
                new SweepCell(ClientLibrary.LETTUCE, 0, 1), new SweepCell(ClientLibrary.LETTUCE, 0, 4),
                new SweepCell(ClientLibrary.LETTUCE, 8, 1), new SweepCell(ClientLibrary.LETTUCE, 8, 4)), plan.cells());
        assertEquals("lettuce, shared", plan.cells().get(2).series());
        assertEquals("jedis-pool8-t4", plan.cells().get(1).fileName());
    }

    @Test
    void repeatsAreRoundsThroughTheMatrixEachStartingOneCellOn() {
        SweepPlan plan = new SweepPlan(List.of(ClientLibrary.JEDIS), List.of(2), List.of(1, 2, 3), 3);
        List<SweepCell> order = plan.order();

        assertEquals(9, order.size());
        assertEquals(List.of(1, 2, 3, 2, 3, 1, 3, 1, 2), order.stream().map(SweepCell::threads).toList());
        Map<SweepCell, Integer> runs = new HashMap<>();
        order.forEach(cell -> runs.merge(cell, 1, Integer::sum));
        assertEquals(List.of(3, 3, 3), List.copyOf(runs.values()), "every cell three times");
    }

    @Test
    void badMatricesAreRefusedWithAReason() {
        assertThrows(IllegalArgumentException.class,
                () -> new SweepPlan(List.of(ClientLibrary.JEDIS), List.of(0), List.of(1), 1));
        assertThrows(IllegalArgumentException.class, () -> new SweepPlan(BOTH, List.of(1), List.of(0), 1));
        assertThrows(IllegalArgumentException.class, () -> new SweepPlan(BOTH, List.of(1), List.of(1), 0));
        assertThrows(IllegalArgumentException.class, () -> new SweepPlan(List.of(), List.of(1), List.of(1), 1));
        SweepPlan huge = new SweepPlan(BOTH, List.of(1, 2, 3, 4, 5), List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 100);
        assertThrows(IllegalArgumentException.class, huge::order);
    }
}
