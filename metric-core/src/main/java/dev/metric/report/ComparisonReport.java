package dev.metric.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Compares saved runs: reads their JSON results and interval logs, and writes a summary table
 * ({@code summary.md}, {@code summary.csv}, {@code summary.json}) and charts into a directory. A
 * sweep calls it on the runs it just made; {@code metric report} on any runs, so that runs of
 * different days or against different servers can be set side by side. An interval log next to a JSON file of the same
 * name is that run's; its spectrum is drawn under the run's label, repeats merged.
 */
public final class ComparisonReport {

    private ComparisonReport() {
    }

    /**
     * Saved runs as a comparison reads them: in the order given, and each under its file's path
     * without the extension, which its interval log shares.
     */
    record Runs(List<RunPoint> points, Map<Path, RunPoint> byBaseName) {

        /**
         * Reads {@code results}; a file that is not a mode1, mode2, run or replay result is an
         * IllegalArgumentException.
         */
        static Runs read(List<Path> results) throws IOException {
            List<RunPoint> points = new ArrayList<>();
            Map<Path, RunPoint> byBaseName = new HashMap<>();
            for (Path json : results) {
                RunPoint point = RunPoint.read(json);
                points.add(point);
                byBaseName.put(withoutExtension(json), point);
            }
            return new Runs(points, byBaseName);
        }
    }

    /**
     * Writes the comparison of {@code results} and {@code hdrLogs} into {@code directory}.
     *
     * @return the summary as Markdown, with the files written listed under it
     * @throws IllegalArgumentException when a file is not a metric result or interval log
     */
    public static String write(List<Path> results, List<Path> hdrLogs, Path directory) throws IOException {
        Files.createDirectories(directory);
        Runs runs = Runs.read(results);
        List<RunPoint> points = runs.points();
        Map<Path, RunPoint> byBaseName = runs.byBaseName();
        RunComparison comparison = RunComparison.of(points);
        Function<RunPoint, String> labels = RunComparison.labels(points);

        List<Path> written = new ArrayList<>();
        Path csv = directory.resolve("summary.csv");
        Files.deleteIfExists(csv);
        RunComparison.CSV.append(csv, comparison.csvRows());
        written.add(csv);
        Path json = directory.resolve("summary.json");
        JsonResults.writeComparison(comparison.groups(), json);
        written.add(json);
        String caption = ChartCaption.of(points);
        written.addAll(ComparisonCharts.byThreads(comparison, caption, directory));
        written.addAll(spectra(hdrLogs, byBaseName, labels, caption, directory));

        StringBuilder summary = new StringBuilder();
        summary.append("# metric: ").append(points.size()).append(points.size() == 1 ? " run" : " runs")
                .append(" compared\n\n").append(comparison.markdown()).append('\n');
        summary.append("Medians of the runs of each row, with their range. Files:\n\n");
        for (Path file : written) {
            String name = directory.relativize(file).toString();
            summary.append("- [").append(name).append("](").append(name).append(")\n");
        }
        Path markdown = directory.resolve("summary.md");
        Files.writeString(markdown, summary, StandardCharsets.UTF_8);
        return summary.toString();
    }

    /** One spectrum chart per thread count, a line per client and pool (interval logs without a result: one chart). */
    private static List<Path> spectra(List<Path> hdrLogs, Map<Path, RunPoint> byBaseName,
                                      Function<RunPoint, String> labels, String caption, Path directory)
            throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, Histogram>> entry
                : spectrumCurves(hdrLogs, byBaseName, labels).entrySet()) {
            int threads = entry.getKey();
            written.addAll(ComparisonCharts.spectrum(spectrumTitle(threads, caption), entry.getValue(),
                    directory.resolve(threads == 0 ? "spectrum" : "spectrum-t" + threads)));
        }
        return written;
    }

    /** A spectrum chart's title: the thread count its lines share (0: interval logs without a result). */
    static String spectrumTitle(int threads, String caption) {
        return ChartCaption.title(threads == 0 ? "Latency percentile spectrum"
                : "Latency percentile spectrum, " + threads + (threads == 1 ? " client thread" : " client threads"),
                caption);
    }

    /**
     * The spectra's curves by thread count, each a histogram per client and pool (repeats merged),
     * labelled as the table labels them; an interval log without a result is under 0, by its name.
     */
    static Map<Integer, Map<String, Histogram>> spectrumCurves(List<Path> hdrLogs, Map<Path, RunPoint> byBaseName,
                                                              Function<RunPoint, String> labels) throws IOException {
        Map<Integer, Map<String, Histogram>> byThreads = new TreeMap<>();
        for (Path hdrLog : hdrLogs) {
            RunPoint point = byBaseName.get(withoutExtension(hdrLog));
            int threads = point == null ? 0 : point.threads();
            String label = point == null ? hdrLog.getFileName().toString() : labels.apply(point);
            Histogram histogram = LatencySpectrum.read(hdrLog);
            byThreads.computeIfAbsent(threads, t -> new TreeMap<>())
                    .merge(label, histogram, (a, b) -> {
                        a.add(b);
                        return a;
                    });
        }
        return byThreads;
    }

    /** {@code file}'s absolute path without its extension: a result and its interval log share it. */
    static Path withoutExtension(Path file) {
        String name = file.toAbsolutePath().normalize().toString();
        int dot = name.lastIndexOf('.');
        return Path.of(dot > name.lastIndexOf('/') ? name.substring(0, dot) : name);
    }
}
