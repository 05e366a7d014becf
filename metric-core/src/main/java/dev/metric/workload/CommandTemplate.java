package dev.metric.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A command of the user's, such as {@code HSET __key__ f __value__}, and how often it is sent
 * relative to the others, written as memtier_benchmark's {@code --command} is: its words (quoted as
 * redis-cli quotes them, {@link QuotedWords}), in which each {@code __key__} becomes a key of the data
 * set, drawn on its own each time, also inside a longer word ({@code session:__key__}), and
 * {@code __value__} (or memtier's {@code __data__}), a word of its own, the value of the request's
 * first key. What such a command does to the data is the user's to know, so its replies are checked
 * by type only, never verified.
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
    private static final byte[] KEY_BYTES = KEY.getBytes(StandardCharsets.US_ASCII);

    /** A template whose keys are drawn as the run's are. */
    public CommandTemplate(String text, long weight) {
        this(text, weight, null);
    }

    /**
     * @throws IllegalArgumentException with a one-line reason: an empty template, a quote left open,
     *                                  a placeholder in place of the command's name, an unknown
     *                                  placeholder, a value placeholder inside a longer word, or a
     *                                  weight below 1
     */
    public CommandTemplate {
        List<String> words = wordsOf(text);
        if (words.isEmpty()) {
            throw SettingException.of(Setting.COMMAND, ": a template needs at least a command name, got '" + text
                    + "'");
        }
        if (words.get(0).contains(KEY) || PLACEHOLDER.matcher(words.get(0)).matches()) {
            throw SettingException.of(Setting.COMMAND, " '" + text.strip() + "': the command's name comes first, not "
                    + words.get(0));
        }
        for (String word : words) {
            if (PLACEHOLDER.matcher(word).matches() && !word.equals(KEY) && !isValue(word)) {
                throw SettingException.of(Setting.COMMAND, " '" + text.strip() + "': unknown placeholder " + word
                        + ", expected " + KEY + ", " + VALUE + " or " + DATA);
            }
            if (!isValue(word) && (word.contains(VALUE) || word.contains(DATA))) {
                throw SettingException.of(Setting.COMMAND, " '" + text.strip() + "': " + VALUE + " and " + DATA
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

    private static List<String> wordsOf(String text) {
        return QuotedWords.split(text).stream().map(word -> new String(word, StandardCharsets.UTF_8)).toList();
    }

    /** Its words, the command's name first, unquoted, placeholders as written. */
    @JsonIgnore
    public List<String> words() {
        return wordsOf(text);
    }

    /** The command's name in capitals, as the server counts it: {@code HSET}. */
    @JsonIgnore
    public String name() {
        return words().get(0).toUpperCase(Locale.ROOT);
    }

    /** Whether it names a key, which then routes it on a cluster. */
    @JsonIgnore
    public boolean hasKey() {
        return keyCount() > 0;
    }

    /** The keys each request draws: one per word holding {@code __key__}. */
    @JsonIgnore
    public int keyCount() {
        return (int) words().stream().filter(word -> word.contains(KEY)).count();
    }

    /**
     * The template made ready to send many times: literal words encoded once, placeholders
     * filled in per request.
     */
    public Prepared prepare() {
        return new Prepared(QuotedWords.split(text));
    }

    /** A template's words with the literal ones already in bytes, and where its keys and value go. */
    public static final class Prepared {
        private final byte[][] literal;
        /** The positions of the words holding a key, in order. */
        private final int[] keyWords;
        /** Of each word holding a key, what comes before and after the key in it; empty for a word that is the key. */
        private final byte[][] keyPrefixes;
        private final byte[][] keySuffixes;
        private final int[] valueWords;

        private Prepared(List<byte[]> words) {
            this.literal = words.toArray(byte[][]::new);
            List<Integer> keyAt = new ArrayList<>();
            List<Integer> valueAt = new ArrayList<>();
            for (int i = 1; i < literal.length; i++) {
                String word = new String(literal[i], StandardCharsets.UTF_8);
                if (word.contains(KEY)) {
                    keyAt.add(i);
                } else if (isValue(word)) {
                    valueAt.add(i);
                }
            }
            this.keyWords = keyAt.stream().mapToInt(Integer::intValue).toArray();
            this.valueWords = valueAt.stream().mapToInt(Integer::intValue).toArray();
            this.keyPrefixes = new byte[keyWords.length][];
            this.keySuffixes = new byte[keyWords.length][];
            for (int k = 0; k < keyWords.length; k++) {
                byte[] word = literal[keyWords[k]];
                int at = indexOf(word, KEY_BYTES);
                keyPrefixes[k] = Arrays.copyOfRange(word, 0, at);
                keySuffixes[k] = Arrays.copyOfRange(word, at + KEY_BYTES.length, word.length);
            }
        }

        private static int indexOf(byte[] word, byte[] part) {
            for (int at = 0; at + part.length <= word.length; at++) {
                if (Arrays.equals(word, at, at + part.length, part, 0, part.length)) {
                    return at;
                }
            }
            return -1;
        }

        /**
         * The command with its placeholders filled in: name first, then its arguments, the
         * {@code k}th word holding {@code __key__} with {@code keys[k]} in its place.
         */
        public byte[][] arguments(byte[][] keys, byte[] value) {
            byte[][] arguments = literal.clone();
            for (int k = 0; k < keyWords.length; k++) {
                arguments[keyWords[k]] = keyPrefixes[k].length == 0 && keySuffixes[k].length == 0 ? keys[k]
                        : affixed(keyPrefixes[k], keys[k], keySuffixes[k]);
            }
            for (int at : valueWords) {
                arguments[at] = value;
            }
            return arguments;
        }

        private static byte[] affixed(byte[] prefix, byte[] key, byte[] suffix) {
            byte[] word = new byte[prefix.length + key.length + suffix.length];
            System.arraycopy(prefix, 0, word, 0, prefix.length);
            System.arraycopy(key, 0, word, prefix.length, key.length);
            System.arraycopy(suffix, 0, word, prefix.length + key.length, suffix.length);
            return word;
        }

        /** The keys each request draws: one per word holding {@code __key__}. */
        public int keyCount() {
            return keyWords.length;
        }

        /** Whether a value fills one of its arguments, which then has to be generated. */
        public boolean usesValue() {
            return valueWords.length > 0;
        }

        /** The argument holding the first key, by which a cluster routes the command; 0 when it has none. */
        public int keyAt() {
            return keyWords.length == 0 ? 0 : keyWords[0];
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
