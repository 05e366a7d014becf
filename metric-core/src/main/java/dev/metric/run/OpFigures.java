package dev.metric.run;

import dev.metric.record.LatencySummary;

/**
 * The figures of one kind of operation (or of all together) over a phase.
 *
 * @param kind       what the row is: an {@link OpKind} label, or "all"
 * @param count      operations that got a reply
 * @param opsPerSec  of them per second of the phase
 * @param response   from when each was due to its reply: what a user waits
 * @param service    from when each was sent to its reply; equal to response in a closed loop
 */
public record OpFigures(String kind, long count, double opsPerSec, LatencySummary response, LatencySummary service) {
}
