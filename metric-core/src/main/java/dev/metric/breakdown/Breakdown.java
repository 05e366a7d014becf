package dev.metric.breakdown;

import java.util.List;

/**
 * A run's latency breakdown: the client costs measured before it, and each command's mean
 * latency split with them.
 *
 * @param clientCost what the client spent per request, measured in process
 * @param commands   one split per command the run measured (GET, and SET or SETEX)
 */
public record Breakdown(ClientCost clientCost, List<LatencyBreakdown> commands) {
}
