package dev.metric.mode.verify;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import dev.metric.result.Mismatch;
import java.util.List;

/**
 * What the verify phase measured and found. Its parts' fields are written at its own level of the JSON.
 *
 * @param threads                client threads that read
 * @param measured               how many reads were measured, over how long
 * @param latency                response time: from when a lane wanted to send the read (before any
 *                               wait for a connection) to its reply
 * @param service                service time: from when the read went on the wire to its reply
 * @param connectionWait         time spent waiting for a connection from the pool, per lease
 * @param warmup                 the reads before measuring, verified but not in the figures
 * @param failures               the reads that failed or found a value not intact, warm-up included
 * @param clientCpuMicrosPerRead CPU time of this process per measured read, -1 if unknown
 */
public record VerifyResult(int threads, @JsonUnwrapped Reads measured, LatencySummary latency, LatencySummary service,
                           LatencySummary connectionWait, @JsonUnwrapped Warmup warmup,
                           @JsonUnwrapped Failures failures, double clientCpuMicrosPerRead) {

    /**
     * @param reads           measured reads, each recorded with its reply or, failed, when it was given up
     * @param durationSec     wall time of the measured reads
     * @param readsPerSec     measured reads per second
     * @param megabytesPerSec key and value bytes of the measured reads per second, in MB (10^6 bytes)
     */
    public record Reads(long reads, double durationSec, double readsPerSec, double megabytesPerSec) {
    }

    /**
     * @param warmupReads reads done before measuring, verified but not in the figures
     * @param warmupSec   how long the warm-up took
     */
    public record Warmup(long warmupReads, double warmupSec) {
    }

    /**
     * @param errors          reads that failed (timeouts, lost connections), warm-up included
     * @param firstError      the first such failure, or null
     * @param mismatches      reads whose value was missing or wrong, warm-up included
     * @param firstMismatches the first few of them
     * @param otherModeValues mismatches that were values metric mode2 writes, intact: the keys hold a
     *                        mode2 run's data
     * @param missingReads    mismatches whose key was not there at all, warm-up included: a key lost,
     *                        or evicted
     */
    public record Failures(long errors, String firstError, long mismatches, List<Mismatch> firstMismatches,
                           long otherModeValues, long missingReads) {
    }
}
