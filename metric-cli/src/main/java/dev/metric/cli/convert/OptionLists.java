package dev.metric.cli.convert;

import java.util.ArrayList;
import java.util.List;

/** Options that take comma-separated lists ({@code --threads 1,2,4}, {@code --weights 1,3}), parsed one way. */
public final class OptionLists {

    private OptionLists() {
    }

    /**
     * The items of {@code text}, stripped.
     *
     * @throws IllegalArgumentException naming {@code option} when an item is empty
     */
    public static List<String> items(String option, String text) {
        List<String> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (item.isBlank()) {
                throw new IllegalArgumentException(option + " has an empty item in '" + text + "'");
            }
            items.add(item.strip());
        }
        return items;
    }

    /**
     * {@code text} as a whole number of at least {@code minimum}.
     *
     * @throws IllegalArgumentException naming {@code option} otherwise
     */
    public static int wholeNumber(String option, String text, int minimum) {
        try {
            int value = Integer.parseInt(text);
            if (value >= minimum) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Falls through to the message below.
        }
        throw new IllegalArgumentException(option + ": '" + text + "' is not a whole number of at least " + minimum);
    }
}
