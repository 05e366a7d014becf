package dev.metric.result;

import dev.metric.record.LatencySummary;
import dev.metric.result.Rates;

/**
 * The figures of one kind of request over a measured stretch, the same in every mode that has a
 * row per command (a template of {@code run}, a command of {@code replay}); its fields are written
 * at the level of the row that holds it.
 *
 * @param count           requests sent and answered or failed
 * @param share           its share of all requests
 * @param opsPerSec       requests per second of the stretch
 * @param megabytesPerSec bytes of its arguments and string replies per second, in MB (10^6 bytes)
 * @param response        from when each was due (or wanted to go) to its reply
 * @param service         from when each went on the wire to its reply
 * @param errors          error replies, timeouts and lost connections
 * @param serverCalls     calls of its command the server counted over the stretch; -1 when unknown
 */
public record OperationRow(long count, double share, double opsPerSec, double megabytesPerSec,
                           LatencySummary response, LatencySummary service, long errors, long serverCalls) {

    /**
     * The row of requests timed as {@code response} and {@code service}, {@code total} requests of
     * every kind having been sent in {@code seconds}, with {@code bytes} of arguments and string replies.
     */
    public static OperationRow of(LatencySummary response, LatencySummary service, long total, double seconds,
                                  long bytes, long errors, long serverCalls) {
        long count = response.count();
        return new OperationRow(count, total == 0 ? 0 : (double) count / total, Rates.perSecond(count, seconds),
                Rates.megabytesPerSecond(bytes, seconds), response, service, errors, serverCalls);
    }
}
