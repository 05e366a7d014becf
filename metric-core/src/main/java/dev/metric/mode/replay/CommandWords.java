package dev.metric.mode.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into its words as {@code redis-cli} does (and as {@code MONITOR} quotes
 * them): words separated by spaces; in double quotes, {@code \xHH}, {@code \n}, {@code \r},
 * {@code \t}, {@code \b}, {@code \a} and a backslash before any other character; in single
 * quotes, only {@code \'}. It works on the line's bytes as the file has them, each word measured
 * first and then copied once into an array of its length: a replay reads every line of a trace
 * two or three times, on the client's cores.
 */
final class CommandWords {

    private CommandWords() {
    }

    /**
     * The words of {@code line[from..to)}.
     *
     * @throws TraceLineException for an unclosed quote, or a closing quote not followed by a space
     */
    static List<byte[]> split(byte[] line, int from, int to) {
        List<byte[]> words = new ArrayList<>();
        int i = from;
        while (true) {
            while (i < to && isSpace(line[i])) {
                i++;
            }
            if (i == to) {
                return words;
            }
            byte first = line[i];
            if (first == '"' || first == '\'') {
                int end = closingQuote(line, i + 1, to, first);
                words.add(unquote(line, i + 1, end, first));
                i = end + 1;
                if (i < to && !isSpace(line[i])) {
                    throw new TraceLineException("a closing quote must be followed by a space");
                }
            } else {
                int start = i;
                while (i < to && !isSpace(line[i])) {
                    i++;
                }
                byte[] word = new byte[i - start];
                System.arraycopy(line, start, word, 0, word.length);
                words.add(word);
            }
        }
    }

    /** The offset of the quote that closes a word opened by {@code quote} before {@code from}. */
    private static int closingQuote(byte[] line, int from, int to, byte quote) {
        for (int i = from; i < to; i++) {
            if (line[i] == '\\' && i + 1 < to && (quote == '"' || line[i + 1] == '\'')) {
                i++;
            } else if (line[i] == quote) {
                return i;
            }
        }
        throw new TraceLineException(quote == '"' ? "a double quote is not closed" : "a single quote is not closed");
    }

    /** The bytes a quoted word stands for, its escapes read. */
    private static byte[] unquote(byte[] line, int from, int to, byte quote) {
        byte[] word = new byte[to - from];
        int length = 0;
        for (int i = from; i < to; i++) {
            byte b = line[i];
            if (b != '\\' || i + 1 == to) {
                word[length++] = b;
                continue;
            }
            byte escaped = line[++i];
            if (quote == '\'') {
                if (escaped != '\'') {
                    word[length++] = '\\';
                }
                word[length++] = escaped;
            } else if (escaped == 'x' && i + 2 < to && hex(line[i + 1]) >= 0 && hex(line[i + 2]) >= 0) {
                word[length++] = (byte) (hex(line[i + 1]) * 16 + hex(line[i + 2]));
                i += 2;
            } else {
                word[length++] = switch (escaped) {
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    case 'b' -> '\b';
                    case 'a' -> 7;
                    default -> escaped;
                };
            }
        }
        if (length == word.length) {
            return word;
        }
        byte[] shorter = new byte[length];
        System.arraycopy(word, 0, shorter, 0, length);
        return shorter;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        return b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
    }
}
