package dev.metric.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes saved runs as compare reads them, with figures the test chooses: a result JSON with a
 * summary, and optionally its interval log of one-second intervals with the counts given.
 */
public final class SavedRuns {

    private static final long BASE_MILLIS = 1_764_000_000_000L;

    private SavedRuns() {
    }

    /** {@code name}.json of a mode2 run at {@code opsPerSec} with {@code p99Micros}, against redis {@code version}. */
    public static Path json(Path directory, String name, double opsPerSec, double p99Micros, String version)
            throws IOException {
        Path json = directory.resolve(name + ".json");
        Files.createDirectories(directory);
        Files.writeString(json, String.format(Locale.ROOT, """
                {"schemaVersion": 1, "mode": "mode2",
                 "summary": {"mode": "mode2", "measured": "measured operations", "operations": 50000,
                   "opsPerSec": %s, "p50Micros": 40.0, "p99Micros": %s, "p999Micros": 300.0, "maxMicros": 900.0,
                   "errors": 0, "verification": "verified", "verificationFailures": 0, "passed": true},
                 "server": {"name": "redis", "version": "%s"},
                 "client": {"library": "jedis"},
                 "config": {"threads": 4, "writeRatio": 0.1}}
                """, opsPerSec, p99Micros, version), StandardCharsets.UTF_8);
        return json;
    }

    /** {@code name}.hlog: one-second intervals holding {@code counts} responses of 50 us each. */
    public static Path hdrLog(Path directory, String name, long... counts) throws IOException {
        Path hlog = directory.resolve(name + ".hlog");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(hlog), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputLogFormatVersion();
            writer.outputStartTime(BASE_MILLIS);
            writer.setBaseTime(BASE_MILLIS);
            writer.outputLegend();
            for (int i = 0; i < counts.length; i++) {
                Histogram interval = new Histogram(3);
                interval.recordValueWithCount(50_000, counts[i]);
                interval.setTag("get-hit");
                interval.setStartTimeStamp(BASE_MILLIS + i * 1000L);
                interval.setEndTimeStamp(BASE_MILLIS + (i + 1) * 1000L);
                writer.outputIntervalHistogram(interval);
            }
        }
        return hlog;
    }

    /** {@code counts}, each times {@code factor}. */
    public static long[] scaled(double factor, long... counts) {
        long[] scaled = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            scaled[i] = Math.round(counts[i] * factor);
        }
        return scaled;
    }
}
