package dev.metric.breakdown;

/**
 * What the client library spent encoding requests and parsing replies of this run's own keys and
 * values, measured in process before the run with no network. The wait for a connection is not
 * here: the run measures it itself, under its own contention.
 *
 * @param library          the client library
 * @param setCommand       the write command measured, SET or SETEX
 * @param encodeGetNanos   building and encoding a GET
 * @param decodeBulkNanos  parsing the value a GET returns
 * @param encodeSetNanos   building and encoding the write
 * @param decodeStatusNanos parsing its {@code +OK}
 * @param sampledKeys      how many of the data set's keys and values the figures cycled through
 * @param measureMillis    how long the measurement took, warm-up included
 */
public record ClientCost(String library, String setCommand, double encodeGetNanos, double decodeBulkNanos,
                         double encodeSetNanos, double decodeStatusNanos,
                         int sampledKeys, long measureMillis) {
}
