package dev.metric.mode.template;

import dev.metric.client.ReplyType;
import dev.metric.run.OperationStats;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the lanes of one stretch of {@code metric run} record together: each template's latencies,
 * failures and bytes ({@link OperationStats}, a template a kind) and the types of its replies.
 */
final class TemplateStats {

    final OperationStats operations;
    final LongAdder[][] replyTypes;

    TemplateStats(int templates) {
        operations = new OperationStats(templates);
        replyTypes = new LongAdder[templates][ReplyType.values().length];
        for (int t = 0; t < templates; t++) {
            for (ReplyType type : ReplyType.values()) {
                replyTypes[t][type.ordinal()] = new LongAdder();
            }
        }
    }
}
