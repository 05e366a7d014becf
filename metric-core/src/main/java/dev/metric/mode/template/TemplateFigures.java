package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.OperationRow;
import java.util.Map;

/**
 * The figures of one command template over the measured traffic.
 *
 * @param template   the template as given
 * @param weight     its weight, to compare its share with
 * @param row        its count, share, rates, latencies, errors and the server's count of its command
 *                   (shared with any other template of the same command)
 * @param replyTypes answered requests by the type of their reply; types never seen are left out
 */
public record TemplateFigures(String template, long weight, @JsonUnwrapped OperationRow row,
                              Map<String, Long> replyTypes) {
}
