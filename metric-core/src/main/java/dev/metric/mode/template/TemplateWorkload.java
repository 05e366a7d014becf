package dev.metric.mode.template;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.config.ReadFrom;
import dev.metric.engine.Workload;
import dev.metric.record.RequestTimer;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyChooser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One lane of {@code metric run}: each operation a template drawn by weight, or the next in turn, or
 * one SCAN taking the cursor of the lane's last ({@link TemplateOrder}), each of its
 * {@code __key__} filled with a key drawn from the template's key distribution, its value with the
 * first key's value (a template with a value and no key draws a key for the value alone). Replies are counted by
 * type; nothing is verified, since what a user's command returns is the user's to know. Under
 * {@code --read-from}, a template of a read-only command goes to a replica.
 */
final class TemplateWorkload implements Workload<TemplateWorkload.Op> {

    /** A request and the template it was made from. */
    static final class Op extends Request {
        int template;

        Op(Completion owner) {
            super(owner);
        }
    }

    private final DataSet dataSet;
    private final CommandTemplate.Prepared[] prepared;
    private final long[] cumulativeWeights;
    private final TemplateOrder order;
    /** In turn: the template being sent, and how many times in a row it has been. */
    private int current;
    private long sentOfCurrent;
    /** Following SCAN's cursor: the cursor the lane's last SCAN returned, null to begin at 0. */
    private byte[] cursor;
    /** Each template's chooser of its {@code __key__}. */
    private final KeyChooser[] keys;
    private final SplittableRandom random;
    /** The figures of each side of the drive's measured window, by {@link dev.metric.engine.MeasuredWindow}'s sides. */
    private final List<TemplateStats> sides;
    private final Routing routing;
    /** Requests the lane may still send: {@link Long#MAX_VALUE} for a run bounded by time. */
    private long remaining;

    /**
     * Where a lane's requests go under {@code --read-from}.
     *
     * @param readFrom   the primary, the replicas, or either at even odds
     * @param toReplicas by template, whether its requests may go to a replica: read-only commands'
     */
    record Routing(ReadFrom readFrom, boolean[] toReplicas) {
    }

    /** @param requests the requests the lane sends, {@link Long#MAX_VALUE} for as many as its time allows */
    TemplateWorkload(DataSet dataSet, List<CommandTemplate> templates, TemplateOrder order, List<KeyChooser> keys,
                     SplittableRandom random, List<TemplateStats> sides, Routing routing, long requests) {
        this.dataSet = dataSet;
        this.prepared = new CommandTemplate.Prepared[templates.size()];
        this.cumulativeWeights = new long[templates.size()];
        long total = 0;
        for (int t = 0; t < templates.size(); t++) {
            prepared[t] = templates.get(t).prepare();
            total += templates.get(t).weight();
            cumulativeWeights[t] = total;
        }
        this.order = order;
        this.keys = keys.toArray(KeyChooser[]::new);
        this.random = random;
        this.sides = sides;
        this.routing = routing;
        this.remaining = requests;
    }

    @Override
    public Op newRequest(Completion owner) {
        return new Op(owner);
    }

    @Override
    public boolean nextScheduled(Op op) {
        if (remaining == 0) {
            return false;
        }
        remaining--;
        int template = order == TemplateOrder.DRAWN ? drawn() : nextInTurn();
        CommandTemplate.Prepared command = prepared[template];
        byte[][] drawn = new byte[command.keyCount()][];
        int first = -1;
        for (int k = 0; k < drawn.length; k++) {
            int index = keys[template].next();
            first = k == 0 ? index : first;
            drawn[k] = dataSet.key(index);
        }
        op.template = template;
        byte[][] arguments = command.arguments(drawn, command.usesValue() ? dataSet.value(first < 0
                ? keys[template].next() : first) : null);
        if (order == TemplateOrder.FOLLOWING_CURSOR) {
            if (cursor != null) {
                arguments[1] = cursor;
            }
            op.customRead(arguments, command.keyAt());
        } else {
            op.custom(arguments, command.keyAt());
        }
        op.toReplica(routing.toReplicas()[template] && routing.readFrom().nextToReplica(random));
        return true;
    }

    /** A template drawn at random, in proportion to its weight. */
    private int drawn() {
        long draw = random.nextLong(cumulativeWeights[cumulativeWeights.length - 1]);
        int template = 0;
        while (draw >= cumulativeWeights[template]) {
            template++;
        }
        return template;
    }

    /** The template in turn: the current one until it has been sent its weight's times, then the next of any weight. */
    private int nextInTurn() {
        while (sentOfCurrent >= weight(current)) {
            current = (current + 1) % prepared.length;
            sentOfCurrent = 0;
        }
        sentOfCurrent++;
        return current;
    }

    private long weight(int template) {
        return cumulativeWeights[template] - (template == 0 ? 0 : cumulativeWeights[template - 1]);
    }

    /**
     * The cursor a SCAN's reply hands the next SCAN: its first element; null, to begin again at 0,
     * when it returned 0, failed, or was not a SCAN's reply, as memtier does.
     */
    private static byte[] nextCursor(Op op) {
        List<byte[]> reply = op.error() == null ? op.replies() : null;
        byte[] next = reply == null || reply.isEmpty() ? null : reply.get(0);
        return next == null || next.length == 0 || next.length == 1 && next[0] == '0' ? null : next;
    }

    @Override
    public boolean nextFollowUp(Op op) {
        return false;
    }

    @Override
    public RequestTimer judge(Op op) {
        TemplateStats stats = sides.get(op.windowSide());
        if (op.error() != null) {
            stats.operations.failures.record(op.template,
                    new String(op.arguments()[0], StandardCharsets.UTF_8) + ": " + op.error());
        } else {
            stats.replyTypes[op.template][op.replyType().ordinal()].increment();
            stats.operations.carried(op.template, op.payloadBytes());
        }
        if (order == TemplateOrder.FOLLOWING_CURSOR) {
            cursor = nextCursor(op);
        }
        return stats.operations.timer(op.template);
    }
}
