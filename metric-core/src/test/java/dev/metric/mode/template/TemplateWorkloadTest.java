package dev.metric.mode.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Completion;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import dev.metric.config.ReadFrom;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyChooser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A lane's choice of templates: in turn as memtier sends its --command-ratio, or drawn by weight. */
class TemplateWorkloadTest {

    private static final List<CommandTemplate> TEMPLATES = List.of(new CommandTemplate("SET __key__ __value__", 2),
            new CommandTemplate("GET __key__", 3), new CommandTemplate("DEL __key__", 1));

    /** Takes back what the test completes by hand, as a lane would before it judges it. */
    private static final Completion NOWHERE = new Completion() {
        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public void completed(Request request) {
        }
    };

    private static TemplateWorkload lane(List<CommandTemplate> templates, TemplateOrder order, long requests) {
        DataSet data = new DataSet(DataSpec.standard(1_000, 1));
        KeyChooser first = () -> 0;
        return new TemplateWorkload(data, templates, order, templates.stream().map(template -> first).toList(),
                new SplittableRandom(7), List.of(new TemplateStats(templates.size())),
                new TemplateWorkload.Routing(ReadFrom.PRIMARY, new boolean[templates.size()]), requests);
    }

    private static String words(TemplateWorkload.Op op) {
        return String.join(" ", Arrays.stream(op.arguments()).map(word -> new String(word,
                StandardCharsets.UTF_8)).toList());
    }

    private static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The commands a lane sends, by name, for {@code requests} requests. */
    private static List<String> sent(TemplateOrder order, long requests) {
        TemplateWorkload lane = lane(TEMPLATES, order, requests);
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

    /**
     * Following SCAN's cursor: each SCAN takes the cursor the last reply returned, and begins at 0
     * again after a reply of 0 or a failure, as memtier's --scan-incremental-iteration.
     */
    @Test
    void eachScanTakesTheCursorTheLastReturned() {
        TemplateWorkload lane = lane(List.of(new CommandTemplate("SCAN 0 COUNT 10", 1)),
                TemplateOrder.FOLLOWING_CURSOR, 5);
        TemplateWorkload.Op op = lane.newRequest(NOWHERE);
        List<String> sent = new ArrayList<>();

        lane.nextScheduled(op);
        sent.add(words(op));
        op.succeededAs(ReplyType.ARRAY, null, List.of(text("17"), text("key:1"), text("key:2")));
        lane.judge(op);
        lane.nextScheduled(op);
        sent.add(words(op));
        op.succeededAs(ReplyType.ARRAY, null, List.of(text("0"), text("key:3")));
        lane.judge(op);
        lane.nextScheduled(op);
        sent.add(words(op));
        op.succeededAs(ReplyType.ARRAY, null, List.of(text("40")));
        lane.judge(op);
        lane.nextScheduled(op);
        sent.add(words(op));
        op.failed("connection lost");
        lane.judge(op);
        lane.nextScheduled(op);
        sent.add(words(op));

        assertEquals(List.of("SCAN 0 COUNT 10", "SCAN 17 COUNT 10", "SCAN 0 COUNT 10", "SCAN 40 COUNT 10",
                "SCAN 0 COUNT 10"), sent);
        assertTrue(op.keepsStrings(), "the reply is kept, for its cursor");
    }
}
