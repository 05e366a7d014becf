package dev.metric.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A command of the user's, such as {@code HSET __key__ f __value__}, and how often it is sent
 * relative to the others: its words, of which {@code __key__} becomes a key of the data set and
 * {@code __value__} (or memtier_benchmark's {@code __data__}) that key's value, each time it is
 * sent. What such a command does to the data is the user's to know, so its replies are checked by
 * type only, never verified.
 *
 * @param text   the template as given
 * @param weight relative frequency, at least 1
 * @param keys   how its {@code __key__} is drawn (memtier_benchmark's {@code --command-key-pattern}), or
 *               null for the run's key distribution
 */
public record CommandTemplate(String text, long weight, KeyDistribution keys) {

    /** Stands for a key of the data set, drawn as the key distribution says. */
    public static final String KEY = "__key__";
    /** Stands for the value of that key. */
    public static final String VALUE = "__value__";
    /** memtier_benchmark's name for {@link #VALUE}, which its command lines write. */
    public static final String DATA = "__data__";

    private static final Pattern PLACEHOLDER = Pattern.compile("__[A-Za-z0-9_]*__");

    /** A template whose keys are drawn as the run's are. */
    public CommandTemplate(String text, long weight) {
        this(text, weight, null);
    }

    /**
     * @throws IllegalArgumentException with a one-line reason: an empty template, a placeholder in
     *                                  place of the command's name, an unknown placeholder, a
     *                                  placeholder inside a longer word, or a weight below 1
     */
    public CommandTemplate {
        String[] words = words(text);
        if (words.length == 0) {
            throw SettingException.of(Setting.COMMAND, ": a template needs at least a command name, got '" + text
                    + "'");
        }
        if (PLACEHOLDER.matcher(words[0]).matches()) {
            throw SettingException.of(Setting.COMMAND, " '" + text + "': the command's name comes first, not "
                    + words[0]);
        }
        for (String word : words) {
            if (PLACEHOLDER.matcher(word).matches() && !word.equals(KEY) && !isValue(word)) {
                throw SettingException.of(Setting.COMMAND, " '" + text + "': unknown placeholder " + word
                        + ", expected " + KEY + ", " + VALUE + " or " + DATA);
            }
            if (!word.equals(KEY) && !isValue(word)
                    && (word.contains(KEY) || word.contains(VALUE) || word.contains(DATA))) {
                throw SettingException.of(Setting.COMMAND, " '" + text + "': " + KEY + ", " + VALUE + " and " + DATA
                        + " are filled in only as words of their own, and " + word + " would be sent as written");
            }
        }
        if (weight < 1) {
            throw SettingException.of(Setting.WEIGHTS, ": a weight must be at least 1, got " + weight);
        }
    }

    /** Whether {@code word} stands for the key's value: {@link #VALUE}, or memtier's {@link #DATA}. */
    private static boolean isValue(String word) {
        return word.equals(VALUE) || word.equals(DATA);
    }

    private static String[] words(String text) {
        String stripped = text.strip();
        return stripped.isEmpty() ? new String[0] : stripped.split("\\s+");
    }

    /** Its words, the command's name first, placeholders as written. */
    @JsonIgnore
    public List<String> words() {
        return List.of(words(text));
    }

    /** The command's name in capitals, as the server counts it: {@code HSET}. */
    @JsonIgnore
    public String name() {
        return words(text)[0].toUpperCase(Locale.ROOT);
    }

    /** Whether it names a key, which then routes it on a cluster. */
    @JsonIgnore
    public boolean hasKey() {
        return Arrays.asList(words(text)).contains(KEY);
    }

    /**
     * The template made ready to send many times: literal words encoded once, placeholders
     * filled in per request.
     */
    public Prepared prepare() {
        String[] words = words(text);
        byte[][] literal = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            literal[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return new Prepared(words, literal);
    }

    /** A template's words with the literal ones already in bytes. */
    public static final class Prepared {
        private final String[] words;
        private final byte[][] literal;
        private final int keyAt;

        private Prepared(String[] words, byte[][] literal) {
            this.words = words;
            this.literal = literal;
            this.keyAt = Math.max(0, List.of(words).indexOf(KEY));
        }

        /** The command with its placeholders filled in: name first, then its arguments. */
        public byte[][] arguments(byte[] key, byte[] value) {
            byte[][] arguments = literal.clone();
            for (int i = 1; i < words.length; i++) {
                if (words[i].equals(KEY)) {
                    arguments[i] = key;
                } else if (isValue(words[i])) {
                    arguments[i] = value;
                }
            }
            return arguments;
        }

        /** Whether a value fills one of its arguments, which then has to be generated. */
        public boolean usesValue() {
            return Arrays.stream(words).anyMatch(CommandTemplate::isValue);
        }

        /** The argument that is the key, by which a cluster routes the command; 0 when it has none. */
        public int keyAt() {
            return keyAt;
        }
    }

    @Override
    public String toString() {
        String weighted = weight == 1 ? "" : "weight " + weight;
        String drawn = keys == null ? "" : "keys " + keys.describe();
        String notes = weighted.isEmpty() || drawn.isEmpty() ? weighted + drawn : weighted + ", " + drawn;
        return text.strip() + (notes.isEmpty() ? "" : " (" + notes + ")");
    }
}
