package dev.metric.mode.replay;

import dev.metric.client.Protocol;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a trace's commands one line at a time, never the whole file: each pass of a replay (the
 * scan, the warm phase, the replay itself) streams it again. Lines are read as bytes, so that keys
 * and values keep theirs whatever they are, into one buffer that grows to the longest line.
 */
final class TraceLines implements Closeable {

    /** A line that is a command of the format, a line the format holds beside its commands, or a bad one. */
    interface Visitor {
        void command(long lineNumber, TraceFormat.Line line);

        /** A line that is no operation, never sent: what it is ({@link TraceFormat#notAnOperation}). */
        default void notAnOperation(long lineNumber, String what) {
        }

        /** A bad line: why, and its first characters, one more than {@link #QUOTED_CHARACTERS} when it is longer. */
        void bad(long lineNumber, String reason, String text);
    }

    /** How much of a bad line a report quotes. */
    static final int QUOTED_CHARACTERS = 80;

    private static final int BUFFER_BYTES = 1 << 16;

    private final InputStream in;
    private final TraceFormat format;
    private final Protocol target;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    private byte[] line = new byte[256];
    private int length;
    private long lineNumber;

    private TraceLines(InputStream in, TraceFormat format, Protocol target) {
        this.in = in;
        this.format = format;
        this.target = target;
    }

    /**
     * Opens {@code file}, read as {@code format}, or as the format its first operation shows when
     * {@code format} is null, its commands as they are sent to a server that speaks {@code target}.
     *
     * @throws UncheckedIOException when the file cannot be read
     */
    static TraceLines open(Path file, TraceFormat format, Protocol target) {
        try {
            return new TraceLines(Files.newInputStream(file), format != null ? format : detect(file), target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The format the first operation shows: the first line that is neither blank, a comment, nor
     * what YCSB prints around its operations (a properties header, a banner, a summary).
     */
    private static TraceFormat detect(Path file) throws IOException {
        try (TraceLines lines = new TraceLines(Files.newInputStream(file), TraceFormat.PLAIN, Protocol.REDIS)) {
            while (lines.readLine()) {
                int first = TraceFormat.firstNonBlank(lines.line, lines.length);
                if (first >= 0 && YcsbLine.printedBeside(lines.line, lines.length) == null) {
                    byte[] command = Arrays.copyOfRange(lines.line, first, lines.length);
                    return TraceFormat.detect(command, command.length);
                }
            }
        }
        return TraceFormat.PLAIN;
    }

    TraceFormat format() {
        return format;
    }

    /**
     * Hands the next line to {@code visitor}: its commands, what it is when it is no operation, or
     * why it is bad; false at the end of the file.
     */
    boolean next(Visitor visitor) {
        try {
            if (!readLine()) {
                return false;
            }
            String besides = format.notAnOperation(line, length);
            if (besides != null) {
                visitor.notAnOperation(lineNumber, besides);
                return true;
            }
            TraceFormat.Line parsed;
            try {
                parsed = format.parse(line, length, target);
            } catch (TraceLineException e) {
                visitor.bad(lineNumber, e.getMessage(), new String(line, 0,
                        Math.min(length, QUOTED_CHARACTERS + 1), StandardCharsets.ISO_8859_1));
                return true;
            }
            for (TraceFormat.Line command = parsed; command != null; command = command.then()) {
                visitor.command(lineNumber, command);
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the next line into {@link #line}, without its end; false at the end of the file. */
    private boolean readLine() throws IOException {
        length = 0;
        boolean any = false;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer, 0, buffer.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (any) {
                        lineNumber++;
                    }
                    return any;
                }
            }
            any = true;
            int end = position;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            append(position, end);
            position = end;
            if (end < limit) {
                position++;
                lineNumber++;
                if (length > 0 && line[length - 1] == '\r') {
                    length--;
                }
                return true;
            }
        }
    }

    private void append(int from, int to) {
        int count = to - from;
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, length + count));
        }
        System.arraycopy(buffer, from, line, length, count);
        length += count;
    }

    /** Lines read so far. */
    long lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
