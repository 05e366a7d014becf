package dev.metric.breakdown;

/**
 * What the client library spent per request on this run's own keys, values and connections,
 * measured in process before the run with no network: the client's share of each request.
 *
 * @param library          the client library
 * @param setCommand       the write command measured, SET or SETEX
 * @param encodeGetNanos   building and encoding a GET
 * @param decodeBulkNanos  parsing the value a GET returns
 * @param encodeSetNanos   building and encoding the write
 * @param decodeStatusNanos parsing its {@code +OK}
 * @param leaseNanos       taking a connection and handing it back, uncontended
 * @param sampledKeys      how many of the data set's keys and values the figures cycled through
 * @param measureMillis    how long the measurement took, warm-up included
 */
public record ClientCost(String library, String setCommand, double encodeGetNanos, double decodeBulkNanos,
                         double encodeSetNanos, double decodeStatusNanos, double leaseNanos,
                         int sampledKeys, long measureMillis) {
}
