package dev.metric.mode.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.config.ReadFrom;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyChooser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A lane's choice of templates: in turn as memtier sends its --command-ratio, or drawn by weight. */
class TemplateWorkloadTest {

    private static final List<CommandTemplate> TEMPLATES = List.of(new CommandTemplate("SET __key__ __value__", 2),
            new CommandTemplate("GET __key__", 3), new CommandTemplate("DEL __key__", 1));

    private static final Completion NOWHERE = new Completion() {
        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public void completed(Request request) {
            throw new AssertionError("nothing is sent");
        }
    };

    /** The commands a lane sends, by name, for {@code requests} requests. */
    private static List<String> sent(TemplateOrder order, long requests) {
        DataSet data = new DataSet(DataSpec.standard(1_000, 1));
        KeyChooser first = () -> 0;
        TemplateWorkload lane = new TemplateWorkload(data, TEMPLATES, order, List.of(first, first, first),
                new SplittableRandom(7), List.of(new TemplateStats(TEMPLATES.size())),
                new TemplateWorkload.Routing(ReadFrom.PRIMARY, new boolean[TEMPLATES.size()]), requests);
        List<String> sent = new ArrayList<>();
        TemplateWorkload.Op op = lane.newRequest(NOWHERE);
        while (lane.nextScheduled(op)) {
            sent.add(new String(op.arguments()[0], StandardCharsets.UTF_8) + "#" + op.template);
        }
        return sent;
    }

    @Test
    void inTurnEachTemplateGoesItsWeightsTimesInARowFromTheFirst() {
        assertEquals(List.of("SET#0", "SET#0", "GET#1", "GET#1", "GET#1", "DEL#2", "SET#0", "SET#0", "GET#1"),
                sent(TemplateOrder.IN_TURN, 9));
    }

    @Test
    void drawnTheTemplatesComeByWeightNotInTurn() {
        List<String> sent = sent(TemplateOrder.DRAWN, 6_000);

        assertEquals(6_000, sent.size());
        long sets = sent.stream().filter("SET#0"::equals).count();
        long gets = sent.stream().filter("GET#1"::equals).count();
        long dels = sent.stream().filter("DEL#2"::equals).count();
        assertEquals(6_000, sets + gets + dels);
        assertTrue(sets > 1_800 && sets < 2_200 && gets > 2_800 && gets < 3_200 && dels > 800 && dels < 1_200,
                sets + " " + gets + " " + dels);
        assertFalse(sent.subList(0, 9).equals(sent(TemplateOrder.IN_TURN, 9)), "drawn, not in turn");
    }
}
