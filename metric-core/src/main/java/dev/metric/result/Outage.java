package dev.metric.result;

/**
 * A stretch of a run in which requests failed and none succeeded: the server was killed,
 * restarted, stalled or unreachable. Kept with the result, because how a server and the clients
 * come back from a fault is often what a run is for.
 *
 * @param startSec       when it began, in seconds from the start of the run (the last success before it)
 * @param durationSec    how long until a request succeeded again, or until the run ended
 * @param failedRequests requests that failed during it
 * @param firstError     the first of those failures
 * @param recovered      whether requests succeeded again before the run ended
 */
public record Outage(double startSec, double durationSec, long failedRequests, String firstError, boolean recovered) {
}
