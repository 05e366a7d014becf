package dev.metric.cli.convert;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a timeout such as {@code 500ms}, {@code 2s} or {@code 1.5s} (a bare number is seconds),
 * from 1 ms to 1 hour: longer than that a benchmark is hung, not waiting.
 */
public final class TimeoutConverter implements ITypeConverter<Duration> {

    static final Duration LONGEST = Duration.ofHours(1);

    @Override
    public Duration convert(String text) {
        Duration timeout = new QuantityConverters.Seconds().convert(text);
        if (timeout.compareTo(Duration.ofMillis(1)) < 0 || timeout.compareTo(LONGEST) > 0) {
            throw new TypeConversionException("'" + text + "' is outside 1ms..1h");
        }
        return timeout;
    }
}
