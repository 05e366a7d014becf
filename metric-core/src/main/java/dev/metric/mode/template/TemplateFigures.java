package dev.metric.mode.template;

import dev.metric.record.LatencySummary;
import java.util.Map;

/**
 * The figures of one command template over the measured traffic.
 *
 * @param template        the template as given, with its weight
 * @param weight          its weight
 * @param count           requests sent and answered or failed
 * @param share           its share of all requests, to compare with its weight's share
 * @param opsPerSec       requests per second of the phase
 * @param megabytesPerSec bytes of its arguments and string replies per second, in MB (10^6 bytes)
 * @param response        from when each was due (or wanted to go) to its reply
 * @param service         from when each went on the wire to its reply
 * @param errors          error replies, timeouts and lost connections
 * @param replyTypes      answered requests by the type of their reply; types never seen are left out
 * @param serverCalls     calls of its command the server counted in INFO commandstats over the
 *                        phase, shared with any other template of the same command; -1 when
 *                        unknown
 */
public record TemplateFigures(String template, long weight, long count, double share, double opsPerSec,
                              double megabytesPerSec, LatencySummary response, LatencySummary service, long errors,
                              Map<String, Long> replyTypes, long serverCalls) {
}
