package dev.metric.settings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A one-line message that names settings, kept in parts so each front end can put its own words
 * for them: text, numbers and {@link Setting}s, joined when rendered.
 *
 * @param parts strings, numbers and settings, in order
 */
public record SettingMessage(List<Object> parts) {

    public SettingMessage {
        parts = parts.stream().map(part -> part == null ? "null" : part).toList();
    }

    /** The message made of {@code parts}: any object, a {@link Setting} standing for its name. */
    public static SettingMessage of(Object... parts) {
        return new SettingMessage(Arrays.asList(parts));
    }

    /** This message followed by {@code more} parts. */
    public SettingMessage followedBy(Object... more) {
        List<Object> all = new ArrayList<>(parts);
        all.addAll(Arrays.asList(more));
        return new SettingMessage(all);
    }

    /** The message with each setting named by {@code name}. */
    public String render(Function<Setting, String> name) {
        StringBuilder text = new StringBuilder();
        for (Object part : parts) {
            text.append(part instanceof Setting setting ? name.apply(setting) : String.valueOf(part));
        }
        return text.toString();
    }

    /** The message with each setting named by its {@link Setting#label()}. */
    @Override
    public String toString() {
        return render(Setting::label);
    }
}
