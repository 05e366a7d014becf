package dev.metric.mode.verify;

import dev.metric.record.LatencySummary;
import dev.metric.result.ComponentsSet;
import dev.metric.result.Mismatch;
import java.util.List;

/**
 * What the verify phase measured and found.
 *
 * @param threads                 client threads that read
 * @param reads                   measured reads, each recorded with its reply or, failed, when it was
 *                                given up
 * @param durationSec             wall time of the measured reads
 * @param readsPerSec             measured reads per second
 * @param megabytesPerSec         key and value bytes of the measured reads per second, in MB (10^6 bytes)
 * @param latency                 response time: from when a lane wanted to send the read (before any
 *                                wait for a connection) to its reply
 * @param service                 service time: from when the read went on the wire to its reply
 * @param connectionWait          time spent waiting for a connection from the pool, per lease
 * @param warmupReads             reads done before measuring, verified but not in the figures
 * @param warmupSec               how long the warm-up took
 * @param errors                  reads that failed (timeouts, lost connections), warm-up included
 * @param firstError              the first such failure, or null
 * @param mismatches              reads whose value was missing or wrong, warm-up included
 * @param firstMismatches         the first few of them
 * @param clientCpuMicrosPerRead  CPU time of this process per measured read, -1 if unknown
 * @param otherModeValues         mismatches that were values metric mode2 writes, intact: the keys
 *                                hold a mode2 run's data
 */
public record VerifyResult(int threads, long reads, double durationSec, double readsPerSec,
                           double megabytesPerSec, LatencySummary latency, LatencySummary service,
                           LatencySummary connectionWait, long warmupReads, double warmupSec, long errors,
                           String firstError, long mismatches, List<Mismatch> firstMismatches,
                           double clientCpuMicrosPerRead, long otherModeValues) {

    /** Whether every read got its value back intact. */
    public boolean allVerified() {
        return errors == 0 && mismatches == 0;
    }

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link VerifyResult} by name, so that no two figures can trade places unseen. */
    public static final class Builder {

        private final ComponentsSet given = new ComponentsSet("VerifyResult", List.of("threads", "reads",
                "durationSec", "readsPerSec", "megabytesPerSec", "latency", "service", "connectionWait",
                "warmupReads", "warmupSec", "errors", "firstError", "mismatches", "firstMismatches",
                "clientCpuMicrosPerRead", "otherModeValues"));
        private int threads;
        private long reads;
        private double durationSec;
        private double readsPerSec;
        private double megabytesPerSec;
        private LatencySummary latency;
        private LatencySummary service;
        private LatencySummary connectionWait;
        private long warmupReads;
        private double warmupSec;
        private long errors;
        private String firstError;
        private long mismatches;
        private List<Mismatch> firstMismatches;
        private double clientCpuMicrosPerRead;
        private long otherModeValues;

        private Builder() {
        }

        public Builder threads(int threads) {
            this.threads = threads;
            given.given(0);
            return this;
        }

        public Builder reads(long reads) {
            this.reads = reads;
            given.given(1);
            return this;
        }

        public Builder durationSec(double durationSec) {
            this.durationSec = durationSec;
            given.given(2);
            return this;
        }

        public Builder readsPerSec(double readsPerSec) {
            this.readsPerSec = readsPerSec;
            given.given(3);
            return this;
        }

        public Builder megabytesPerSec(double megabytesPerSec) {
            this.megabytesPerSec = megabytesPerSec;
            given.given(4);
            return this;
        }

        public Builder latency(LatencySummary latency) {
            this.latency = latency;
            given.given(5);
            return this;
        }

        public Builder service(LatencySummary service) {
            this.service = service;
            given.given(6);
            return this;
        }

        public Builder connectionWait(LatencySummary connectionWait) {
            this.connectionWait = connectionWait;
            given.given(7);
            return this;
        }

        public Builder warmupReads(long warmupReads) {
            this.warmupReads = warmupReads;
            given.given(8);
            return this;
        }

        public Builder warmupSec(double warmupSec) {
            this.warmupSec = warmupSec;
            given.given(9);
            return this;
        }

        public Builder errors(long errors) {
            this.errors = errors;
            given.given(10);
            return this;
        }

        public Builder firstError(String firstError) {
            this.firstError = firstError;
            given.given(11);
            return this;
        }

        public Builder mismatches(long mismatches) {
            this.mismatches = mismatches;
            given.given(12);
            return this;
        }

        public Builder firstMismatches(List<Mismatch> firstMismatches) {
            this.firstMismatches = firstMismatches;
            given.given(13);
            return this;
        }

        public Builder clientCpuMicrosPerRead(double clientCpuMicrosPerRead) {
            this.clientCpuMicrosPerRead = clientCpuMicrosPerRead;
            given.given(14);
            return this;
        }

        public Builder otherModeValues(long otherModeValues) {
            this.otherModeValues = otherModeValues;
            given.given(15);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public VerifyResult build() {
            given.requireAll();
            return new VerifyResult(threads, reads, durationSec, readsPerSec, megabytesPerSec, latency, service,
                    connectionWait, warmupReads, warmupSec, errors, firstError, mismatches, firstMismatches,
                    clientCpuMicrosPerRead, otherModeValues);
        }
    }
}
