package dev.metric.mode.replay;

import dev.metric.record.LatencySummary;

/**
 * The figures of one command of a replayed trace over the measured replay.
 *
 * @param command         its name, in capitals
 * @param count           commands sent and answered or failed
 * @param share           its share of all commands
 * @param opsPerSec       commands per second of the replay
 * @param megabytesPerSec bytes of its keys, values and string replies per second, in MB (10^6 bytes)
 * @param response        from when each was due (at the trace's times) or wanted to go, to its reply
 * @param service         from when each went on the wire to its reply
 * @param errors          error replies, timeouts and lost connections
 * @param serverCalls     calls of the command the server counted in INFO commandstats over the
 *                        replay; -1 when unknown
 */
public record ReplayFigures(String command, long count, double share, double opsPerSec, double megabytesPerSec,
                            LatencySummary response, LatencySummary service, long errors, long serverCalls) {
}
