package dev.metric.record;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The percentiles a run reports (its tables, CSV columns and JSON latency fields), chosen with
 * {@code --percentiles} from a fixed menu. Every {@link LatencySummary} holds the whole menu, read
 * from its histogram when the phase ends, so the choice is one of presentation: nothing is
 * measured differently, and no phase needs to know it.
 *
 * @param values the chosen percentiles, ascending, each from {@link #MENU}
 */
public record Percentiles(List<Double> values) {

    /** What {@code --percentiles} may choose from: the usual nines and their halves. */
    public static final List<Double> MENU = List.of(50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99, 99.999);

    /** p50, p95 (the original tool's headline), p99 and p99.9: what the reports showed before the option. */
    public static final Percentiles DEFAULT = new Percentiles(List.of(50.0, 95.0, 99.0, 99.9));

    public Percentiles {
        if (values.isEmpty()) {
            throw SettingException.of(Setting.PERCENTILES, " needs at least one percentile");
        }
        for (int i = 0; i < values.size(); i++) {
            if (!MENU.contains(values.get(i))) {
                throw SettingException.of(Setting.PERCENTILES, ": " + format(values.get(i)) + " is not one of "
                        + MENU.stream().map(Percentiles::format).collect(Collectors.joining(",")));
            }
            if (i > 0 && values.get(i) <= values.get(i - 1)) {
                throw SettingException.of(Setting.PERCENTILES, " must be ascending and distinct, got "
                        + values.stream().map(Percentiles::format).collect(Collectors.joining(",")));
            }
        }
        values = List.copyOf(values);
    }

    /** {@code 50,90,99,99.9,99.99}. */
    public static Percentiles parse(String text) {
        List<Double> values = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            try {
                values.add(Double.parseDouble(part.strip()));
            } catch (NumberFormatException e) {
                throw new SettingException(SettingMessage.of(Setting.PERCENTILES,
                        " takes numbers such as 50,90,99,99.9,99.99, got '" + text + "'"), e);
            }
        }
        return new Percentiles(values);
    }

    /** {@code 99.9} as the user writes it: no trailing zeros. */
    public static String format(double percentile) {
        String text = String.format(Locale.ROOT, "%.3f", percentile);
        return text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** The name a percentile's field or column carries: {@code p50}, {@code p999} for 99.9, {@code p9995}. */
    public static String key(double percentile) {
        return "p" + format(percentile).replace(".", "");
    }

    /** The heading of a percentile's column in a report: {@code p99.9}. */
    public static String label(double percentile) {
        return "p" + format(percentile);
    }
}
