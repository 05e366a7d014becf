package dev.metric.result;

import dev.metric.record.LatencySummary;

/**
 * The figures of one kind of operation (or of all together) over a phase.
 *
 * @param kind       what the row is: an {@link OpKind} label, or "all"
 * @param count      operations that got a reply
 * @param opsPerSec  of them per second of the phase
 * @param megabytesPerSec key and value bytes they carried (written, or returned by a hit) per second,
 *                   in MB (10^6 bytes)
 * @param response   from when each was due to its reply: what a user waits
 * @param service    from when each was sent to its reply; equal to response in a closed loop
 */
public record OpFigures(String kind, long count, double opsPerSec, double megabytesPerSec,
                        LatencySummary response, LatencySummary service) {
}
