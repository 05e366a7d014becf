package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one stretch of mode2 traffic measured: the measured phase, the warm-up, or one step of a
 * capacity search. Its latencies are those of {@link dev.metric.record.RequestTimer}: response
 * time from each operation's intended start, service time from when it went on the wire. Its
 * parts' fields are written at its own level of the JSON.
 *
 * @param shape      the rate, threads, connections and requests in flight it was driven with
 * @param schedule   how long it ran and how much of its schedule (GET and SETEX, not refills) it kept
 * @param byKind     one row per {@link OpKind}, failures in a row of their own
 * @param all        every operation together, failures included
 * @param answers    what the reads found, and what the WAITs after the writes answered
 * @param waits      where operations waited in the client before they went on the wire
 * @param failed     the operations that failed
 * @param checks     the values read that were not intact
 * @param work       the client's CPU per operation and what its JVM did meanwhile
 * @param histograms every operation's response and service times, not written
 */
public record PhaseResult(@JsonUnwrapped TrafficShape shape, @JsonUnwrapped ScheduleKept schedule,
                          List<OpFigures> byKind, OpFigures all, @JsonUnwrapped Answers answers,
                          @JsonUnwrapped ClientWaits waits, @JsonUnwrapped Errors failed,
                          @JsonUnwrapped ValueChecks checks, @JsonUnwrapped ClientWork work,
                          @JsonIgnore Histograms histograms) {

    /** The row of one kind. */
    public OpFigures figures(OpKind kind) {
        return byKind.get(kind.ordinal());
    }

    /** What the reads found. */
    public KeyReads reads() {
        return answers.reads();
    }

    /**
     * @param reads     what the reads found
     * @param writeAcks what the WAITs that followed the writes answered ({@code --wait}), or null when none
     *                  did
     */
    public record Answers(@JsonUnwrapped KeyReads reads, WriteAcks writeAcks) {
    }

    /** Operations that failed, of every kind. */
    public long errors() {
        return failed.total();
    }

    /**
     * @param hitRatio  keys found / keys read, NaN when no read got a reply
     * @param keyHits   keys the reads found: one per GET hit, those an MGET returned a value for
     * @param keyMisses keys the reads did not find, each owed a refill
     */
    public record KeyReads(double hitRatio, long keyHits, long keyMisses) {

        /** The hit ratio of {@code hits} and {@code misses}. */
        public static KeyReads of(long hits, long misses) {
            return new KeyReads(hits + misses == 0 ? Double.NaN : (double) hits / (hits + misses), hits, misses);
        }
    }

    /**
     * @param getErrors    GETs that failed (error reply, timeout, lost connection)
     * @param setexErrors  scheduled SETEXs that failed
     * @param refillErrors refills that failed
     * @param waitErrors   WAITs after the writes that failed ({@code --wait})
     * @param firstError   the first failure, or null
     * @param laneOutages  each lane's stretches of failed requests
     */
    public record Errors(long getErrors, long setexErrors, long refillErrors, long waitErrors, String firstError,
                         LaneOutages laneOutages) {

        long total() {
            return getErrors + setexErrors + refillErrors + waitErrors;
        }
    }

    /**
     * @param verificationFailures GET replies that were not an intact value of their key
     * @param firstFailures        the first few of them
     * @param otherModeValues      verification failures that were values metric mode1 writes, intact:
     *                             the keys hold a mode1 run's data
     */
    public record ValueChecks(long verificationFailures, List<Mismatch> firstFailures, long otherModeValues) {
    }

    /**
     * @param allResponseNanos response times of every operation, for judging objectives
     * @param allServiceNanos  service times of every operation, for telling a slow server from a late client
     */
    public record Histograms(Histogram allResponseNanos, Histogram allServiceNanos) {
    }
}
