package dev.metric.breakdown;

import java.util.OptionalDouble;

/**
 * One command's mean latency over a measured phase, split into its parts. The client's part
 * and the server's are measured; the rest is the network, the kernel and queueing (behind other
 * requests, and a late client's wait to send), with whatever the client does that an in-memory
 * measurement misses (Lettuce's hand-over to its I/O thread, garbage collection).
 *
 * @param command        GET, SET or SETEX
 * @param basis          what one request is here, e.g. "per request" or "per SET of pipelined batches of 64"
 * @param requests       requests the mean is over
 * @param endToEndMicros mean response time as the run measured it, the wait for a connection included
 * @param encodeMicros   client: encoding the command, measured in process before the run
 * @param decodeMicros   client: parsing the reply, likewise
 * @param poolMicros     client: the run's own measured wait for a connection, per request
 * @param clientMicros   the three together
 * @param serverMicros   the server's own execution time per call (INFO commandstats), NaN when it
 *                       did not report it
 * @param networkMicros  the rest: network, kernel and queueing, and the server too when it is NaN
 */
public record LatencyBreakdown(String command, String basis, long requests, double endToEndMicros,
                               double encodeMicros, double decodeMicros, double poolMicros, double clientMicros,
                               double serverMicros, double networkMicros) {

    private static final double NANOS_PER_MICRO = 1000.0;

    /**
     * Splits {@code endToEndMicros}.
     *
     * @param poolMicros   the measured wait for a connection per request: every wait of the phase
     *                     over its requests, so that a connection carrying a batch or a window of
     *                     requests counts once for all of them
     * @param serverMicros the server's time per call, empty when unknown
     */
    public static LatencyBreakdown split(String command, String basis, long requests, double endToEndMicros,
                                         double encodeNanos, double decodeNanos, double poolMicros,
                                         OptionalDouble serverMicros) {
        double encode = encodeNanos / NANOS_PER_MICRO;
        double decode = decodeNanos / NANOS_PER_MICRO;
        double pool = poolMicros;
        double client = encode + decode + pool;
        double server = serverMicros.orElse(Double.NaN);
        double network = endToEndMicros - client - serverMicros.orElse(0);
        return new LatencyBreakdown(command, basis, requests, endToEndMicros, encode, decode, pool, client,
                server, network);
    }
}
