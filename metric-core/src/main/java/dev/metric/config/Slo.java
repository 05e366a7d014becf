package dev.metric.config;

import dev.metric.units.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * A latency objective, "percentile p of response times at most t", written as {@code p99=1ms}.
 *
 * @param percentile     0 to 100, exclusive of 0
 * @param thresholdNanos the most that percentile may be
 */
public record Slo(double percentile, long thresholdNanos) {

    private static final Pattern FORM = Pattern.compile(
            "p(\\d+(?:\\.\\d+)?)\\s*=\\s*(\\d+(?:\\.\\d+)?\\s*(?:ns|us|µs|ms|s))", Pattern.CASE_INSENSITIVE);

    public Slo {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("SLO percentile must be above 0 and at most 100, got " + percentile);
        }
        if (thresholdNanos < 1) {
            throw new IllegalArgumentException("SLO threshold must be positive, got " + thresholdNanos + " ns");
        }
    }

    /** Parses one or more objectives separated by commas: {@code p99=1ms,p50=200us}. */
    public static List<Slo> parseAll(String text) {
        List<Slo> slos = new ArrayList<>();
        for (String part : text.split(",")) {
            slos.add(parse(part.strip()));
        }
        return List.copyOf(slos);
    }

    /** Parses {@code pN=VALUEunit}, unit one of ns, us (or µs), ms, s. */
    public static Slo parse(String text) {
        Matcher matcher = FORM.matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("SLO must look like p99=1ms (percentile = value with unit ns, us, ms "
                    + "or s), got '" + text + "'");
        }
        return new Slo(Double.parseDouble(matcher.group(1)), Quantity.duration(matcher.group(2), null).toNanos());
    }

    /** Whether {@code responseNanos} meets this objective. An empty histogram meets nothing. */
    public boolean heldBy(Histogram responseNanos) {
        return heldBy(responseNanos, 0);
    }

    /**
     * Whether {@code nanos} would meet this objective with {@code lessNanos}'s value at the same
     * percentile taken off its own: how much of a broken objective another time (the client's
     * stalls) accounts for. An empty {@code nanos} meets nothing.
     */
    public boolean heldByLess(Histogram nanos, Histogram lessNanos) {
        return heldBy(nanos, lessNanos.getValueAtPercentile(percentile));
    }

    private boolean heldBy(Histogram nanos, long offNanos) {
        return nanos.getTotalCount() > 0 && nanos.getValueAtPercentile(percentile) - offNanos <= thresholdNanos;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "p%s <= %s", trim(percentile), duration(thresholdNanos));
    }

    private static String trim(double number) {
        return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
    }

    /** A duration in the largest unit that keeps it at or above 1. */
    static String duration(long nanos) {
        if (nanos >= 1_000_000_000) {
            return trim(nanos / 1e9) + " s";
        }
        if (nanos >= 1_000_000) {
            return trim(nanos / 1e6) + " ms";
        }
        if (nanos >= 1_000) {
            return trim(nanos / 1e3) + " us";
        }
        return nanos + " ns";
    }
}
