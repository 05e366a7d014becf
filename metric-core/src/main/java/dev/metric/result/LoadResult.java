package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;

/**
 * What the load phase wrote and what it took. Its parts' fields are written at its own level of the JSON.
 *
 * @param written        what was written, and how fast
 * @param failures       what failed
 * @param batchLatency   each pipelined batch, from when its thread wanted to send it (before the
 *                       wait for a connection) to its last reply or failure
 * @param setsPerBatch   SETs per such batch, on average
 * @param connectionWait each batch's wait for a connection
 */
public record LoadResult(@JsonUnwrapped Written written, @JsonUnwrapped Failures failures,
                         LatencySummary batchLatency, double setsPerBatch, LatencySummary connectionWait) {

    /** Keys still failing when retries ran out. */
    public long keysNotWritten() {
        return failures.keysNotWritten;
    }

    /**
     * @param keysWritten     keys the server acknowledged
     * @param bytesWritten    key and value bytes of those keys
     * @param durationSec     wall time from the first write to the last reply
     * @param keysPerSec      keys written per second
     * @param megabytesPerSec key and value bytes per second, in MB (10^6 bytes)
     */
    public record Written(long keysWritten, long bytesWritten, double durationSec, double keysPerSec,
                          double megabytesPerSec) {

        /** {@code keys} of {@code bytes} written in {@code seconds}. */
        public static Written of(long keys, long bytes, double seconds) {
            return new Written(keys, bytes, seconds, keys / seconds, bytes / 1e6 / seconds);
        }
    }

    /**
     * @param errorReplies     SETs the server answered with an error and that were retried
     * @param connectionErrors batches lost to connection failures or timeouts and retried
     * @param keysNotWritten   keys still failing when retries ran out: unrecovered errors
     * @param firstError       the first error seen, or null
     */
    public record Failures(long errorReplies, long connectionErrors, long keysNotWritten, String firstError) {
    }
}
