package dev.metric.mode.verify;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import dev.metric.result.Mismatch;
import java.util.List;

/**
 * What reading every key of the data set exactly once found: the proof that nothing written was
 * lost or damaged, with the counts of each kind of loss and the rate of those reads. Its parts'
 * fields are written at its own level of the JSON.
 *
 * @param keys            keys in the data set, each to be read once
 * @param checked         keys whose read was answered and compared
 * @param intact          keys whose value was the one written
 * @param losses          the keys that were not intact, by kind
 * @param failedReads     keys whose read failed (timeout, lost connection): not checked
 * @param firstError      the first such failure, or null
 * @param firstMismatches the first few keys that were not intact
 * @param pace            how fast the keys were read
 * @param latency         response time of these reads
 */
public record EveryKeyResult(long keys, long checked, long intact, @JsonUnwrapped Losses losses, long failedReads,
                             String firstError, List<Mismatch> firstMismatches, @JsonUnwrapped Pace pace,
                             LatencySummary latency) {

    /** Whether every key was read and held the value written. */
    public boolean allIntact() {
        return intact == keys;
    }

    /** Keys never read: the run was stopped before it got to them. */
    public long notRead() {
        return keys - checked - failedReads;
    }

    /**
     * @param missing         keys the server did not have
     * @param wrongLength     keys whose value was truncated or extended
     * @param wrongBytes      keys whose value had the right length and wrong bytes
     * @param otherKey        keys that held another key's intact value
     * @param otherModeValues keys that held a value metric mode2 writes, intact: a mode2 run's data
     */
    public record Losses(long missing, long wrongLength, long wrongBytes, long otherKey, long otherModeValues) {
    }

    /**
     * @param durationSec     wall time of the reads
     * @param readsPerSec     reads per second, each key once (reads without replacement)
     * @param megabytesPerSec key and value bytes of these reads per second, in MB (10^6 bytes)
     */
    public record Pace(double durationSec, double readsPerSec, double megabytesPerSec) {
    }
}
