package dev.metric.cli.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a suite's argument string into words as a POSIX shell does (and Python's {@code shlex},
 * which redis-benchmarks-specification's runner uses): blanks separate words; {@code 'single
 * quotes'} keep everything; {@code "double quotes"} keep everything but {@code \"}, {@code \\},
 * {@code \$} and {@code \`}, which lose their backslash; outside quotes a backslash keeps the next
 * character. A word may be made of quoted and unquoted parts ({@code --command="GET __key__"}).
 */
final class ShellWords {

    private ShellWords() {
    }

    /**
     * The words of {@code text}.
     *
     * @throws IllegalArgumentException for a quote left open or a backslash at the very end
     */
    static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int at = 0;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                at++;
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = text.indexOf('\'', at + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("a single quote is never closed: " + text.strip());
                }
                word.append(text, at + 1, end);
                at = end + 1;
            } else if (c == '"') {
                at = doubleQuoted(text, at + 1, word);
            } else if (c == '\\') {
                if (at + 1 == text.length()) {
                    throw new IllegalArgumentException("a backslash ends the text: " + text.strip());
                }
                word.append(text.charAt(at + 1));
                at += 2;
            } else {
                word.append(c);
                at++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** Reads a double-quoted part from {@code at}, past its opening quote; returns where the text goes on. */
    private static int doubleQuoted(String text, int at, StringBuilder word) {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"') {
                return at + 1;
            }
            if (c == '\\' && at + 1 < text.length() && "\"\\$`".indexOf(text.charAt(at + 1)) >= 0) {
                word.append(text.charAt(at + 1));
                at += 2;
            } else {
                word.append(c);
                at++;
            }
        }
        throw new IllegalArgumentException("a double quote is never closed: " + text.strip());
    }
}
