package dev.metric.mode.replay;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kinds of trace {@code metric replay} reads, each line one command:
 *
 * <ul>
 *   <li>{@link #MONITOR}: what {@code redis-cli MONITOR} prints, {@code 1732579200.123456 [0
 *       127.0.0.1:50192] "SET" "k" "v"}, its time in seconds since the epoch, to the microsecond;</li>
 *   <li>{@link #PLAIN}: a command per line as typed at {@code redis-cli}, {@code SET k v}, quoted as
 *       there; blank lines and lines starting with {@code #} are skipped.</li>
 * </ul>
 */
public enum TraceFormat {

    MONITOR {
        @Override
        Line parse(String line) {
            if (line.isBlank() || line.equals("OK")) {
                return null; // redis-cli prints OK when MONITOR starts
            }
            Matcher prefix = MONITOR_PREFIX.matcher(line);
            if (!prefix.lookingAt()) {
                throw new TraceLineException("not a MONITOR line: it starts with neither a time in seconds nor"
                        + " '[db client]'");
            }
            long micros = Long.parseLong(prefix.group(1)) * 1_000_000
                    + Long.parseLong((prefix.group(2) + "00000").substring(0, 6));
            return Line.of(micros, CommandWords.split(line, prefix.end()));
        }
    },

    PLAIN {
        @Override
        Line parse(String line) {
            String stripped = line.strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) {
                return null;
            }
            return Line.of(Line.NO_TIME, CommandWords.split(line, 0));
        }
    };

    /** The seconds (at most 12 digits), their fraction, the database and the client's address. */
    private static final Pattern MONITOR_PREFIX = Pattern.compile("(\\d{1,12})\\.(\\d{1,6}) \\[\\d+ [^\\]]*\\] ");

    /**
     * The command on {@code line}, or null for a line the format skips (blank lines, comments,
     * MONITOR's {@code OK}).
     *
     * @throws TraceLineException when the line is not of this format
     */
    abstract Line parse(String line);

    /** The format's name as {@code --format} takes it. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format of a trace whose first line that is neither blank nor a comment is {@code first}. */
    public static TraceFormat detect(String first) {
        return MONITOR_PREFIX.matcher(first).lookingAt() || first.equals("OK") ? MONITOR : PLAIN;
    }

    /**
     * One command of a trace.
     *
     * @param micros when it was sent, in microseconds since the epoch; {@link #NO_TIME} when the
     *               format has no times
     * @param words  its name, then its arguments
     */
    record Line(long micros, byte[][] words) {

        static final long NO_TIME = -1;

        static Line of(long micros, List<byte[]> words) {
            if (words.isEmpty()) {
                throw new TraceLineException("no command");
            }
            return new Line(micros, words.toArray(new byte[0][]));
        }
    }
}
