package dev.metric.record;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log, the format HdrHistogram's own {@code HistogramLogReader} and
 * {@code HistogramLogProcessor} read: one compressed histogram per tag per interval, values in
 * nanoseconds, timestamps from the log's start. Phases logged one after another share the file.
 */
public final class HdrIntervalLog implements IntervalLog, AutoCloseable {

    private final PrintStream stream;
    private final HistogramLogWriter writer;
    private final Path file;

    private HdrIntervalLog(Path file, PrintStream stream) {
        this.file = file;
        this.stream = stream;
        this.writer = new HistogramLogWriter(stream);
    }

    /** Creates {@code file} (replacing it) and writes the log's header, its start time now. */
    public static HdrIntervalLog create(Path file, String comment) throws IOException {
        HdrIntervalLog log = new HdrIntervalLog(file, new PrintStream(Files.newOutputStream(file), false, "US-ASCII"));
        long now = System.currentTimeMillis();
        log.writer.outputLogFormatVersion();
        log.writer.outputComment(comment);
        log.writer.outputStartTime(now);
        log.writer.setBaseTime(now);
        log.writer.outputLegend();
        return log;
    }

    @Override
    public Following follow(Map<String, LatencyRecorder> recorders) {
        Map<String, LatencyRecorder.IntervalReader> readers = new LinkedHashMap<>();
        recorders.forEach((tag, recorder) -> {
            if (tag.isEmpty() || tag.chars().anyMatch(c -> c == ',' || Character.isWhitespace(c))) {
                throw new IllegalArgumentException("an interval log tag has no commas or spaces: '" + tag + "'");
            }
            readers.put(tag, recorder.intervalReader());
        });
        return new TaggedIntervals(readers);
    }

    /** Flushes and closes the file. */
    @Override
    public void close() throws IOException {
        stream.close();
        if (stream.checkError()) {
            throw new IOException("could not write the interval log " + file);
        }
    }

    private final class TaggedIntervals implements Following {

        private final Map<String, LatencyRecorder.IntervalReader> readers;
        private long intervalStartMillis = System.currentTimeMillis();

        TaggedIntervals(Map<String, LatencyRecorder.IntervalReader> readers) {
            this.readers = readers;
        }

        @Override
        public void writeInterval() {
            synchronized (HdrIntervalLog.this) {
                long now = System.currentTimeMillis();
                readers.forEach((tag, reader) -> {
                    Histogram interval = reader.next();
                    interval.setTag(tag);
                    interval.setStartTimeStamp(intervalStartMillis);
                    interval.setEndTimeStamp(now);
                    writer.outputIntervalHistogram(interval);
                });
                intervalStartMillis = now;
            }
        }

        @Override
        public void close() {
            writeInterval();
        }
    }
}
