package dev.metric.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Reads the figures back out of a merge report's text, as a person would: the window and the table's cells. */
final class MergedReport {

    private MergedReport() {
    }

    /** The window the merge reports: its start and end in seconds since the epoch, and its length. */
    static double[] window(String report) {
        String line = report.lines().filter(l -> l.startsWith("window ")).findFirst().orElseThrow();
        String[] words = line.split("\\s+");
        double from = Instant.parse(words[1]).toEpochMilli() / 1000.0;
        double to = Instant.parse(words[3].replace(",", "")).toEpochMilli() / 1000.0;
        return new double[] {from, to, Double.parseDouble(words[4])};
    }

    /** The cells of the table row that begins with {@code prefix}; cell 1 is the generator. */
    static String[] cells(String report, String prefix) {
        return report.lines().filter(line -> line.startsWith(prefix)).findFirst().orElseThrow().split("\\s*\\|\\s*");
    }

    static double number(String cell) {
        return Double.parseDouble(cell.replace(",", ""));
    }

    static String between(String text, String before, String after) {
        int start = text.indexOf(before) + before.length();
        return text.substring(start, text.indexOf(after, start));
    }

    /**
     * The response times of an interval log's intervals that lie wholly between {@code fromSec} and
     * {@code toSec} (seconds since the epoch), read with HdrHistogram's own reader: service times and
     * the load's batches left out.
     */
    static Histogram responses(Path hdrLog, double fromSec, double toSec) throws IOException {
        Histogram all = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(hdrLog.toFile())) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                 interval = reader.nextIntervalHistogram()) {
                boolean inside = interval.getStartTimeStamp() / 1000.0 >= fromSec
                        && interval.getEndTimeStamp() / 1000.0 <= toSec;
                if (inside && !interval.getTag().endsWith("-service") && !interval.getTag().equals("set-batch")) {
                    all.add((Histogram) interval);
                }
            }
        }
        return all;
    }
}
