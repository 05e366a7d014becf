package dev.metric.workload;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command's text into its arguments as redis-cli and memtier_benchmark's {@code --command}
 * do: words separated by blanks; in {@code "double quotes"} blanks belong to the word and
 * {@code \xHH}, {@code \n}, {@code \r}, {@code \t}, {@code \b}, {@code \a} and {@code \"} are
 * escapes; in {@code 'single quotes'} only {@code \'} is. A closing quote ends its word. Characters
 * are sent as UTF-8, an escape as the byte it names, so a template can carry a binary argument such
 * as {@code RESTORE}'s payload.
 */
final class QuotedWords {

    private QuotedWords() {
    }

    /**
     * The words of {@code text}, each as the bytes it stands for.
     *
     * @throws IllegalArgumentException for a quote left open, or a closing quote with more of the word after it
     */
    static List<byte[]> split(String text) {
        List<byte[]> words = new ArrayList<>();
        int at = 0;
        int length = text.length();
        while (true) {
            while (at < length && isBlank(text.charAt(at))) {
                at++;
            }
            if (at == length) {
                return words;
            }
            ByteArrayOutputStream word = new ByteArrayOutputStream();
            while (at < length && !isBlank(text.charAt(at))) {
                char c = text.charAt(at);
                if (c == '"' || c == '\'') {
                    at = quoted(text, at, word);
                } else {
                    int end = at + Character.charCount(text.codePointAt(at));
                    word.writeBytes(text.substring(at, end).getBytes(StandardCharsets.UTF_8));
                    at = end;
                }
            }
            words.add(word.toByteArray());
        }
    }

    /** Reads the quoted part that starts at {@code start} into {@code word}; returns where the text goes on. */
    private static int quoted(String text, int start, ByteArrayOutputStream word) {
        char quote = text.charAt(start);
        int at = start + 1;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == quote) {
                if (at + 1 < text.length() && !isBlank(text.charAt(at + 1))) {
                    throw refused(text, "a closing quote must end its word, at character " + (at + 1));
                }
                return at + 1;
            }
            if (c == '\\' && at + 1 < text.length()) {
                at = quote == '"' ? escape(text, at, word) : singleQuoteEscape(text, at, word);
                continue;
            }
            int end = at + Character.charCount(text.codePointAt(at));
            word.writeBytes(text.substring(at, end).getBytes(StandardCharsets.UTF_8));
            at = end;
        }
        throw refused(text, "the quote at character " + (start + 1) + " is never closed");
    }

    /** A backslash escape inside double quotes at {@code at}; returns where the text goes on. */
    private static int escape(String text, int at, ByteArrayOutputStream word) {
        char next = text.charAt(at + 1);
        if (next == 'x' && at + 3 < text.length() && isHex(text.charAt(at + 2)) && isHex(text.charAt(at + 3))) {
            word.write(Character.digit(text.charAt(at + 2), 16) * 16 + Character.digit(text.charAt(at + 3), 16));
            return at + 4;
        }
        switch (next) {
            case 'n' -> word.write('\n');
            case 'r' -> word.write('\r');
            case 't' -> word.write('\t');
            case 'b' -> word.write('\b');
            case 'a' -> word.write(7);
            default -> word.writeBytes(String.valueOf(next).getBytes(StandardCharsets.UTF_8));
        }
        return at + 2;
    }

    /** Inside single quotes only {@code \'} is an escape; any other backslash is itself. */
    private static int singleQuoteEscape(String text, int at, ByteArrayOutputStream word) {
        if (text.charAt(at + 1) == '\'') {
            word.write('\'');
            return at + 2;
        }
        word.write('\\');
        return at + 1;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    private static IllegalArgumentException refused(String text, String why) {
        return SettingException.of(Setting.COMMAND, " '" + text.strip() + "': " + why);
    }
}
