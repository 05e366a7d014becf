package dev.metric.mode.replay;

import dev.metric.client.Protocol;
import dev.metric.workload.TraceValues;
import java.util.List;
import java.util.Locale;

/**
 * The kinds of trace {@code metric replay} reads, each line one command:
 *
 * <ul>
 *   <li>{@link #MONITOR}: what {@code redis-cli MONITOR} prints, {@code 1732579200.123456 [0
 *       127.0.0.1:50192] "SET" "k" "v"}, its time in seconds since the epoch, to the microsecond;</li>
 *   <li>{@link #PLAIN}: a command per line as typed at {@code redis-cli}, {@code SET k v}, quoted as
 *       there; blank lines and lines starting with {@code #} are skipped;</li>
 *   <li>{@link #YCSB}: the operations YCSB's {@code basic} binding prints, {@code READ usertable user1 [
 *       <all fields>]}, each made the commands YCSB's Redis binding sends for it ({@link YcsbLine}).</li>
 * </ul>
 */
public enum TraceFormat {

    MONITOR {
        @Override
        String notAnOperation(byte[] line, int length) {
            return firstNonBlank(line, length) < 0 ? BLANK
                    : length == 2 && line[0] == 'O' && line[1] == 'K' ? "redis-cli's OK" : null;
        }

        @Override
        Line parse(byte[] line, int length) {
            int words = monitorPrefixEnd(line, length);
            if (words < 0) {
                throw new TraceLineException("not a MONITOR line: it starts with neither a time in seconds nor"
                        + " '[db client]'");
            }
            long seconds = 0;
            int i = 0;
            for (; line[i] != '.'; i++) {
                seconds = seconds * 10 + line[i] - '0';
            }
            long micros = 0;
            int digits = 0;
            for (i++; line[i] != ' '; i++, digits++) {
                micros = micros * 10 + line[i] - '0';
            }
            for (; digits < 6; digits++) {
                micros *= 10;
            }
            return Line.of(seconds * 1_000_000 + micros, CommandWords.split(line, words, length));
        }
    },

    PLAIN {
        @Override
        String notAnOperation(byte[] line, int length) {
            int first = firstNonBlank(line, length);
            return first < 0 ? BLANK : line[first] == '#' ? "comment" : null;
        }

        @Override
        Line parse(byte[] line, int length) {
            return Line.of(Line.NO_TIME, CommandWords.split(line, firstNonBlank(line, length), length));
        }
    },

    YCSB {
        @Override
        String notAnOperation(byte[] line, int length) {
            return firstNonBlank(line, length) < 0 ? BLANK : YcsbLine.printedBeside(line, length);
        }

        @Override
        Line parse(byte[] line, int length) {
            return parse(line, length, Protocol.REDIS);
        }

        @Override
        Line parse(byte[] line, int length, Protocol target) {
            return YcsbLine.parse(line, length, target);
        }
    };

    /** The most digits of a MONITOR line's seconds and of their fraction. */
    private static final int SECOND_DIGITS = 12;
    private static final int FRACTION_DIGITS = 6;

    /** What {@link #notAnOperation} calls a line of nothing but spaces. */
    static final String BLANK = "blank";

    /**
     * What {@code line[0..length)} is when it is no operation, yet a line the format holds beside
     * them ({@value #BLANK}, a comment, MONITOR's {@code OK}, what YCSB prints around its operations):
     * never sent, counted by what it is; null for a line to {@link #parse}.
     */
    abstract String notAnOperation(byte[] line, int length);

    /**
     * The command on {@code line[0..length)}, a line {@link #notAnOperation} does not name.
     *
     * @throws TraceLineException when the line is not of this format
     */
    abstract Line parse(byte[] line, int length);

    /**
     * The command on {@code line[0..length)} as it is sent to a server that speaks {@code target}:
     * the line's own for a trace of Redis commands; what YCSB's binding for that server sends, for
     * a YCSB operation.
     */
    Line parse(byte[] line, int length, Protocol target) {
        return parse(line, length);
    }

    /** The format's name as {@code --format} takes it. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format of a trace whose first operation, past what any format holds beside them, is {@code first}. */
    public static TraceFormat detect(byte[] first, int length) {
        if (monitorPrefixEnd(first, length) >= 0 || length == 2 && first[0] == 'O' && first[1] == 'K') {
            return MONITOR;
        }
        return YcsbLine.looksLikeOne(first, length) ? YCSB : PLAIN;
    }

    /**
     * Where the words of a MONITOR line start, after its time ({@code 1732579200.123456}: at most 12
     * digits, a point, 1 to 6 digits), a space, and {@code [db client]} and a space; -1 when the line
     * does not start so.
     */
    static int monitorPrefixEnd(byte[] line, int length) {
        int i = digits(line, 0, length, SECOND_DIGITS);
        if (i < 0 || i == length || line[i] != '.') {
            return -1;
        }
        i = digits(line, i + 1, length, FRACTION_DIGITS);
        if (i < 0 || i + 1 >= length || line[i] != ' ' || line[i + 1] != '[') {
            return -1;
        }
        i = digits(line, i + 2, length, Integer.MAX_VALUE);
        if (i < 0 || i == length || line[i] != ' ') {
            return -1;
        }
        while (i < length && line[i] != ']') {
            i++;
        }
        return i + 1 < length && line[i + 1] == ' ' ? i + 2 : -1;
    }

    /** The offset after 1 to {@code most} digits from {@code from}; -1 when there are none or more. */
    private static int digits(byte[] line, int from, int length, int most) {
        int i = from;
        while (i < length && line[i] >= '0' && line[i] <= '9') {
            i++;
        }
        return i == from || i - from > most ? -1 : i;
    }

    /** The offset of the first byte of {@code line[0..length)} that is not a space or a tab; -1 for a blank line. */
    static int firstNonBlank(byte[] line, int length) {
        for (int i = 0; i < length; i++) {
            if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
                return i;
            }
        }
        return -1;
    }

    /**
     * One command of a trace, and the ones the same line goes on with ({@link #then}).
     *
     * @param micros  when it was sent, in microseconds since the epoch; {@link #NO_TIME} when the
     *                format has no times
     * @param words   its name, then its arguments
     * @param kind    what it does, when its format says so; null when its name says ({@link TraceCommand#of})
     * @param routeAt the word whose key picks the lane it goes to
     * @param scan    for an {@link TraceCommand#INDEX_SCAN}, where it starts and what it reads; else null
     * @param then    the next command of the same line, or null
     */
    record Line(long micros, byte[][] words, TraceCommand kind, int routeAt, Scan scan, Line then) {

        static final long NO_TIME = -1;

        static Line of(long micros, List<byte[]> words) {
            if (words.isEmpty()) {
                throw new TraceLineException("no command");
            }
            return new Line(micros, words.toArray(new byte[0][]), null, 1, null, null);
        }

        /** The id of the key that picks the lane this command goes to: a scan's start key, else the routing word's. */
        long routeId() {
            return scan != null ? TraceValues.keyId(scan.from) : TraceKeys.id(words, routeAt);
        }
    }

    /**
     * What a scan of an index ({@link TraceCommand#INDEX_SCAN}) is about, beside the command sent.
     *
     * @param from   the key it starts from, whose score the command names
     * @param perKey the read sent for each key its reply names, with that key as word 1 (word 1 here
     *               is a placeholder)
     */
    record Scan(byte[] from, byte[][] perKey) {
    }
}
