package dev.metric.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import java.util.List;
import java.util.Locale;

/**
 * A run's headline in the same fields whatever its mode, so that a script, {@code metric compare}
 * and a person reading the last line of a report find it in one place: mode1's figure is its
 * verified reads, mode2's its measured traffic, run's and replay's their measured requests. Every
 * result JSON carries it as {@code summary}, and every mode's report ends with its {@link #line}.
 *
 * @param mode                 the mode the run was
 * @param measured             what the figures are of, in words, e.g. {@code measured operations}
 * @param operations           how many of them were measured (answered or failed)
 * @param opsPerSec            of them per second; 0 when none was measured
 * @param latency              their latency, as the mode's report times it
 * @param errors               requests that failed over the whole run, warm-up included: what the
 *                             report counts as errors
 * @param values               what the values read were found to be
 * @param passed               the run's verdict, as its exit code gives it
 * @param failures             why it did not pass, in words ({@link RunResult#failures}); empty when it
 *                             passed, and in results written before metric gave reasons
 * @param clientBound          why the headline's latency is the client's own rather than the server's
 *                             ({@link JvmActivity#clientBound}); empty when it is not, or the mode does not
 *                             judge it
 */
public record ResultSummary(String mode, String measured, long operations, double opsPerSec,
                            @JsonUnwrapped Latency latency, long errors, @JsonUnwrapped Values values,
                            boolean passed, List<String> failures, String clientBound) {

    public ResultSummary {
        failures = failures == null ? List.of() : List.copyOf(failures);
        clientBound = clientBound == null ? "" : clientBound;
    }

    /**
     * @param p50Micros  the median latency; NaN when none was measured
     * @param p99Micros  the 99th percentile; NaN when none
     * @param p999Micros the 99.9th percentile; NaN when none
     * @param maxMicros  the largest latency; NaN when none
     */
    public record Latency(double p50Micros, double p99Micros, double p999Micros, double maxMicros) {

        /** No latency: nothing was measured. */
        static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        /** The headline percentiles of {@code latency}; NaN each when it is null or empty. */
        public static Latency of(LatencySummary latency) {
            return latency == null || latency.count() == 0 ? NONE
                    : new Latency(latency.p50Micros(), latency.p99Micros(), latency.p999Micros(), latency.maxMicros());
        }
    }

    /**
     * @param verification         what the values read were found to be
     * @param verificationFailures values read that were not the ones written
     */
    public record Values(Verification verification, long verificationFailures) {
    }

    /** What a run found of the values it read. */
    public enum Verification {
        /** Every value the run checked was the one written. */
        VERIFIED,
        /** Some were not: {@link Values#verificationFailures} says how many. */
        FAILED,
        /** Nothing was checked: the mode does not check values (run), or no value was read. */
        NOT_VERIFIED;

        /** Failed when {@code failures} is above 0, else verified, or not when nothing was {@code checked}. */
        public static Verification of(long checked, long failures) {
            return failures > 0 ? FAILED : checked > 0 ? VERIFIED : NOT_VERIFIED;
        }

        /** In words, for the report's last line. */
        String words() {
            return switch (this) {
                case VERIFIED -> "values verified";
                case FAILED -> "values NOT as written";
                case NOT_VERIFIED -> "values not verified";
            };
        }
    }

    /**
     * The summary of {@code operations} measured at {@code opsPerSec} with {@code latency}, or, when
     * {@code latency} is null or empty (nothing was measured), with NaN for each latency; passed when
     * there are no {@code failures}.
     */
    public static ResultSummary of(String mode, String measured, double opsPerSec, LatencySummary latency,
                                   long errors, Verification verification, long verificationFailures,
                                   List<String> failures) {
        boolean none = latency == null || latency.count() == 0;
        return new ResultSummary(mode, measured, none ? 0 : latency.count(), none ? 0 : opsPerSec, Latency.of(latency),
                errors, new Values(verification, verificationFailures), failures.isEmpty(), failures, "");
    }

    /** This summary, its headline judged client-bound for {@code why} (empty: not). */
    public ResultSummary withClientBound(String why) {
        return new ResultSummary(mode, measured, operations, opsPerSec, latency, errors, values, passed, failures, why);
    }

    /**
     * The report's last line, e.g. {@code summary  mode2 23,373 ops/s (46,745 measured operations);
     * p50 0.034 ms, p99 0.137 ms, p99.9 0.664 ms, max 10.150 ms; 0 errors; values verified; passed}.
     */
    public String line() {
        String latencies = operations == 0 ? "no latency measured"
                : String.format(Locale.ROOT, "p50 %s ms, p99 %s ms, p99.9 %s ms, max %s ms", ms(latency.p50Micros),
                        ms(latency.p99Micros), ms(latency.p999Micros), ms(latency.maxMicros));
        String found = values.verification == Verification.FAILED
                ? String.format(Locale.ROOT, "%,d %s", values.verificationFailures, values.verification.words())
                : values.verification.words();
        return String.format(Locale.ROOT, "summary  %s %,.0f ops/s (%,d %s); %s; %,d errors; %s; %s%s%n", mode,
                opsPerSec, operations, measured, latencies, errors, found, passed ? "passed" : "FAILED",
                clientBound.isEmpty() ? "" : "; client-bound");
    }

    private static String ms(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
