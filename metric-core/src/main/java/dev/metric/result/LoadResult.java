package dev.metric.result;

import dev.metric.record.LatencySummary;

/**
 * What the load phase wrote and what it took.
 *
 * @param keysWritten       keys the server acknowledged
 * @param bytesWritten      key and value bytes of those keys
 * @param durationSec       wall time from the first write to the last reply
 * @param keysPerSec        keys written per second
 * @param megabytesPerSec   key and value bytes per second, in MB (10^6 bytes)
 * @param errorReplies      SETs the server answered with an error and that were retried
 * @param connectionErrors  batches lost to connection failures or timeouts and retried
 * @param keysNotWritten    keys still failing when retries ran out: unrecovered errors
 * @param firstError        the first error seen, or null
 * @param batchLatency      each pipelined batch, from when its thread wanted to send it (before the
 *                          wait for a connection) to its last reply or failure
 * @param setsPerBatch      SETs per such batch, on average
 * @param connectionWait    each batch's wait for a connection
 */
public record LoadResult(long keysWritten, long bytesWritten, double durationSec, double keysPerSec,
                         double megabytesPerSec, long errorReplies, long connectionErrors,
                         long keysNotWritten, String firstError,
                         LatencySummary batchLatency, double setsPerBatch, LatencySummary connectionWait) {
}
