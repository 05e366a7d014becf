package dev.metric.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;
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
        return json(directory, name, opsPerSec, p99Micros, version, List.of());
    }

    /** {@code name}.json of a mode2 run that did not pass, for the {@code failures} given. */
    public static Path failed(Path directory, String name, double opsPerSec, double p99Micros, String... failures)
            throws IOException {
        return json(directory, name, opsPerSec, p99Micros, "7.0.15", List.of(failures));
    }

    private static Path json(Path directory, String name, double opsPerSec, double p99Micros, String version,
                             List<String> failures) throws IOException {
        Path json = directory.resolve(name + ".json");
        Files.createDirectories(directory);
        String reasons = failures.stream().map(failure -> "\"" + failure + "\"").collect(Collectors.joining(", "));
        Files.writeString(json, String.format(Locale.ROOT, """
                {"schemaVersion": 1, "mode": "mode2",
                 "summary": {"mode": "mode2", "measured": "measured operations", "operations": 50000,
                   "opsPerSec": %s, "p50Micros": 40.0, "p99Micros": %s, "p999Micros": 300.0, "maxMicros": 900.0,
                   "errors": 0, "verification": "verified", "verificationFailures": 0, "passed": %s,
                   "failures": [%s]},
                 "server": {"name": "redis", "version": "%s"},
                 "client": {"library": "jedis"},
                 "config": {"threads": 4, "writeRatio": 0.1}}
                """, number(opsPerSec), number(p99Micros), failures.isEmpty(), reasons, version),
                StandardCharsets.UTF_8);
        return json;
    }

    /** A figure as JSON writes it: NaN as the string metric writes for it. */
    private static String number(double value) {
        return Double.isNaN(value) ? "\"NaN\"" : Double.toString(value);
    }

    /** {@code name}.hlog: one-second intervals holding {@code counts} responses of 50 us each. */
    public static Path hdrLog(Path directory, String name, long... counts) throws IOException {
        Histogram[] intervals = new Histogram[counts.length];
        for (int i = 0; i < counts.length; i++) {
            intervals[i] = new Histogram(3);
            intervals[i].recordValueWithCount(50_000, counts[i]);
        }
        return hdrLog(directory, name, intervals);
    }

    /** {@code name}.hlog: one-second intervals, each one of {@code intervals} (in nanoseconds), in order. */
    public static Path hdrLog(Path directory, String name, Histogram... intervals) throws IOException {
        Path hlog = directory.resolve(name + ".hlog");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(hlog), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputLogFormatVersion();
            writer.outputStartTime(BASE_MILLIS);
            writer.setBaseTime(BASE_MILLIS);
            writer.outputLegend();
            for (int i = 0; i < intervals.length; i++) {
                Histogram interval = intervals[i].copy();
                interval.setTag("get-hit");
                interval.setStartTimeStamp(BASE_MILLIS + i * 1000L);
                interval.setEndTimeStamp(BASE_MILLIS + (i + 1) * 1000L);
                writer.outputIntervalHistogram(interval);
            }
        }
        return hlog;
    }

    /** Repeats {@code name}: three runs at 9,700, 10,000 and 10,300 ops/s, each times {@code factor}, without logs. */
    public static RunGroup repeats(Path directory, String name, double factor) throws IOException {
        List<SavedRun> runs = new ArrayList<>();
        double[] rates = {9_700, 10_000, 10_300};
        for (int i = 0; i < rates.length; i++) {
            runs.add(SavedRun.read(json(directory.resolve(name), "r" + i, rates[i] * factor, 100.0, "7.0.15")));
        }
        return new RunGroup(name, runs);
    }

    /** {@code count} one-second counts drawn around {@code mean} with a standard deviation of {@code sd}, seeded. */
    public static long[] noisy(int count, double mean, double sd, long seed) {
        Random random = new Random(seed);
        long[] counts = new long[count];
        for (int i = 0; i < count; i++) {
            counts[i] = Math.max(1, Math.round(mean + sd * random.nextGaussian()));
        }
        return counts;
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
