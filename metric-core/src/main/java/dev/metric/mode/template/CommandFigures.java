package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.OperationRow;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The figures of one command over the measured traffic, every template that sends it together:
 * what the server's count of the command is set beside, and what memtier_benchmark reports per
 * command type.
 *
 * @param command       the command's name in capitals, as the server counts it
 * @param row           its count, share, rates, latencies (the templates' merged), errors and the server's count
 * @param replyTypes    answered requests by the type of their reply; types never seen are left out
 * @param responseNanos every request's response time, kept to merge runs as memtier's {@code --run-count}
 *                      does; not written
 */
public record CommandFigures(String command, @JsonUnwrapped OperationRow row, Map<String, Long> replyTypes,
                             @JsonIgnore Histogram responseNanos) {
}
