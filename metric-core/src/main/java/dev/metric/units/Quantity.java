package dev.metric.units;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the quantities options take, so that every duration accepts the same units and every
 * count and size the same suffixes: durations in {@code ns}, {@code us}, {@code ms}, {@code s},
 * {@code m} or {@code h}; counts (of keys, reads, commands) and sizes in bytes with {@code k} (1024)
 * or {@code m} (1024 k), as the original tool's {@code <kkeys>} counts keys in 1024s, so that
 * {@code --keys 64k} is {@code <kkeys> 64}; rates with {@code k} (1,000) or {@code m} (1,000,000),
 * as every load tool writes operations per second. Each method throws an
 * {@link IllegalArgumentException} whose message shows the accepted form; callers put the option's
 * name in front.
 */
public final class Quantity {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)?");
    private static final Pattern SCALED = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([km])?");
    private static final long KIB = 1024;

    private Quantity() {
    }

    /**
     * A duration such as {@code 500ms}, {@code 2s}, {@code 1.5m} or {@code 1h}; a bare number is in
     * {@code bareUnit}, the unit the option was first documented in.
     *
     * @param bareUnit the unit of a number written without one, or null when a unit is required
     */
    public static Duration duration(String text, String bareUnit) {
        Matcher matcher = DURATION.matcher(normalized(text));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a duration like 500ms, 2s, 1m or 1h");
        }
        String unit = matcher.group(2) == null ? bareUnit : matcher.group(2);
        if (unit == null) {
            throw new IllegalArgumentException("'" + text.strip() + "' needs a unit: ns, us, ms, s, m or h");
        }
        BigDecimal nanos = new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(nanosPer(unit)));
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text.strip() + "' is longer than any run");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /**
     * A whole count such as {@code 100000}, {@code 64k} (65,536) or {@code 1.5m} (1,572,864); the
     * result must be whole.
     */
    public static long count(String text) {
        BigDecimal value = scaled(text, "a whole count like 100000, 64k (65,536) or 1m (1,048,576)", KIB);
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a whole count like 100000, 64k (65,536)"
                    + " or 1m (1,048,576)");
        }
    }

    /** A rate per second such as {@code 2500}, {@code 10k} or {@code 1.5m}. */
    public static double rate(String text) {
        return scaled(text, "a rate like 2500, 10k or 1.5m", 1_000).doubleValue();
    }

    /** A size in bytes such as {@code 512}, {@code 4k} (4096) or {@code 1m} (1,048,576); whole numbers only. */
    public static long bytes(String text) {
        String trimmed = normalized(text);
        long unit = trimmed.endsWith("k") ? KIB : trimmed.endsWith("m") ? KIB * KIB : 1;
        String digits = unit == 1 ? trimmed : trimmed.substring(0, trimmed.length() - 1).strip();
        try {
            if (!digits.isEmpty() && Character.isDigit(digits.charAt(0))) {
                return Math.multiplyExact(Long.parseLong(digits), unit);
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // reported below
        }
        throw new IllegalArgumentException("a size is bytes, or a number ending in k (1024 bytes) or m (1024 k), got '"
                + text.strip() + "'");
    }

    /** {@code text}'s number times its suffix: {@code k} is {@code thousand}, {@code m} a thousand of those. */
    private static BigDecimal scaled(String text, String form, long thousand) {
        Matcher matcher = SCALED.matcher(normalized(text));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not " + form);
        }
        long unit = matcher.group(2) == null ? 1 : matcher.group(2).equals("k") ? thousand : thousand * thousand;
        return new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(unit));
    }

    private static long nanosPer(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1_000;
            case "ms" -> 1_000_000;
            case "s" -> 1_000_000_000;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalArgumentException("unknown unit " + unit);
        };
    }

    private static String normalized(String text) {
        return text.strip().toLowerCase(Locale.ROOT);
    }
}
