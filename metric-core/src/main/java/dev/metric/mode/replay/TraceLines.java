package dev.metric.mode.replay;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a trace's commands one line at a time, never the whole file: each pass of a replay (the
 * scan, the warm phase, the replay itself) streams it again. Lines are read as ISO-8859-1, one
 * character per byte, so that keys and values keep their bytes whatever they are.
 */
final class TraceLines implements Closeable {

    /** A line that is a command of the format, or a bad one. */
    interface Visitor {
        void command(long lineNumber, TraceFormat.Line line);

        void bad(long lineNumber, String reason, String text);
    }

    private final BufferedReader reader;
    private final TraceFormat format;
    private long lineNumber;

    private TraceLines(BufferedReader reader, TraceFormat format) {
        this.reader = reader;
        this.format = format;
    }

    /**
     * Opens {@code file}, read as {@code format}, or as the format its first line that is neither
     * blank nor a comment shows when {@code format} is null.
     *
     * @throws UncheckedIOException when the file cannot be read
     */
    static TraceLines open(Path file, TraceFormat format) {
        try {
            return new TraceLines(Files.newBufferedReader(file, StandardCharsets.ISO_8859_1),
                    format != null ? format : detect(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static TraceFormat detect(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String stripped = line.strip();
                if (!stripped.isEmpty() && !stripped.startsWith("#")) {
                    return TraceFormat.detect(stripped);
                }
            }
        }
        return TraceFormat.PLAIN;
    }

    TraceFormat format() {
        return format;
    }

    /**
     * Hands the next line that is a command, or a bad one, to {@code visitor}, skipping what the
     * format skips; false at the end of the file.
     */
    boolean next(Visitor visitor) {
        try {
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                lineNumber++;
                TraceFormat.Line line;
                try {
                    line = format.parse(text);
                } catch (TraceLineException e) {
                    visitor.bad(lineNumber, e.getMessage(), text);
                    return true;
                }
                if (line != null) {
                    visitor.command(lineNumber, line);
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines read so far. */
    long lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
