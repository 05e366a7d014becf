package dev.metric.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a timeout such as {@code 500ms}, {@code 2s} or {@code 1.5s} (a bare number is seconds),
 * from 1 ms to 1 hour: longer than that a benchmark is hung, not waiting.
 */
final class TimeoutConverter implements ITypeConverter<Duration> {

    static final Duration LONGEST = Duration.ofHours(1);
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?");

    @Override
    public Duration convert(String text) {
        Matcher matcher = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new TypeConversionException("'" + text + "' is not a duration like 500ms, 2s or 1m");
        }
        double value = Double.parseDouble(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        double millis = value * switch (unit) {
            case "ms" -> 1;
            case "m" -> 60_000;
            default -> 1000;
        };
        if (millis < 1 || millis > LONGEST.toMillis()) {
            throw new TypeConversionException("'" + text + "' is outside 1ms..1h");
        }
        return Duration.ofMillis(Math.round(millis));
    }
}
