package dev.metric.mode.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into its words as {@code redis-cli} does (and as {@code MONITOR} quotes
 * them): words separated by spaces; in double quotes, {@code \xHH}, {@code \n}, {@code \r},
 * {@code \t}, {@code \b}, {@code \a} and a backslash before any other character; in single
 * quotes, only {@code \'}. A line read as ISO-8859-1 keeps every byte as one character, so the
 * words are the bytes of the file.
 */
final class CommandWords {

    private CommandWords() {
    }

    /**
     * The words of {@code line} from {@code from} on.
     *
     * @throws TraceLineException for an unclosed quote, or a closing quote not followed by a space
     */
    static List<byte[]> split(String line, int from) {
        List<byte[]> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int i = from;
        while (true) {
            while (i < line.length() && isSpace(line.charAt(i))) {
                i++;
            }
            if (i == line.length()) {
                return words;
            }
            word.setLength(0);
            char first = line.charAt(i);
            if (first == '"') {
                i = doubleQuoted(line, i + 1, word);
            } else if (first == '\'') {
                i = singleQuoted(line, i + 1, word);
            } else {
                while (i < line.length() && !isSpace(line.charAt(i))) {
                    word.append(line.charAt(i++));
                }
            }
            words.add(bytes(word));
        }
    }

    /** Reads a double-quoted word's characters into {@code word}; returns the offset after its closing quote. */
    private static int doubleQuoted(String line, int from, StringBuilder word) {
        int i = from;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return closed(line, i + 1);
            }
            if (c == '\\' && i + 1 < line.length()) {
                char escaped = line.charAt(i + 1);
                if (escaped == 'x' && i + 3 < line.length() && hex(line.charAt(i + 2)) >= 0
                        && hex(line.charAt(i + 3)) >= 0) {
                    word.append((char) (hex(line.charAt(i + 2)) * 16 + hex(line.charAt(i + 3))));
                    i += 4;
                    continue;
                }
                word.append(switch (escaped) {
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    case 'b' -> '\b';
                    case 'a' -> (char) 7;
                    default -> escaped;
                });
                i += 2;
                continue;
            }
            word.append(c);
            i++;
        }
        throw new TraceLineException("a double quote is not closed");
    }

    private static int singleQuoted(String line, int from, StringBuilder word) {
        int i = from;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\'') {
                return closed(line, i + 1);
            }
            if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '\'') {
                word.append('\'');
                i += 2;
                continue;
            }
            word.append(c);
            i++;
        }
        throw new TraceLineException("a single quote is not closed");
    }

    /** A closing quote must end the word. */
    private static int closed(String line, int after) {
        if (after < line.length() && !isSpace(line.charAt(after))) {
            throw new TraceLineException("a closing quote must be followed by a space");
        }
        return after;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }

    private static byte[] bytes(StringBuilder word) {
        byte[] bytes = new byte[word.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) word.charAt(i);
        }
        return bytes;
    }
}
