package dev.metric.cli.convert;

import dev.metric.units.Quantity;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The picocli converters for every option that takes a duration, a count or a rate, each reading
 * its text through {@link Quantity} so that {@code --duration 2m}, {@code --timeout 500ms},
 * {@code --rate 10k} and {@code --reads 1m} follow one convention.
 */
public final class QuantityConverters {

    private QuantityConverters() {
    }

    /** A duration such as {@code 90}, {@code 90s}, {@code 1.5m} or {@code 1h}: a bare number is seconds. */
    public static final class Seconds implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return read(text, value -> Quantity.duration(value, "s"));
        }
    }

    /** A count such as {@code 65536}, {@code 64k} or {@code 1m} (as {@code <kkeys>}: k is 1024). */
    public static final class Count implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return read(text, Quantity::count);
        }
    }

    /** A rate per second above 0 such as {@code 2500}, {@code 10k} or {@code 1.5m}. */
    public static final class Rate implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            double rate = read(text, Quantity::rate);
            if (rate <= 0) {
                throw new TypeConversionException("a rate must be above 0 (leave --rate out for a closed loop), got '"
                        + text.strip() + "'");
            }
            return rate;
        }
    }

    /**
     * {@code duration} in whole seconds, from {@code minimum} to seven days.
     *
     * @throws IllegalArgumentException naming {@code option} otherwise
     */
    public static Duration wholeSeconds(String option, Duration duration, long minimum) {
        long longest = Duration.ofDays(7).toSeconds();
        if (duration.toNanosPart() != 0 || duration.toSeconds() < minimum || duration.toSeconds() > longest) {
            throw new IllegalArgumentException(option + " must be whole seconds from " + minimum + "s to " + longest
                    + "s (7 days), got " + duration.toString().substring(2).toLowerCase(Locale.ROOT));
        }
        return duration;
    }

    private static <T> T read(String text, Function<String, T> reader) {
        try {
            return reader.apply(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(SettingNames.message(e));
        }
    }
}
