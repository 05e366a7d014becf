package dev.metric.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.result.ResultSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;

/**
 * Saved runs as one self-contained HTML page, for a browser with no network and for passing
 * around as one file: the comparison table and, when the runs differ in threads, the charts
 * against threads; the latency percentile spectra; then each run with its verdict (the summary),
 * its configuration, its latency breakdown, its own latency spectrum (from its interval log, or
 * from the percentiles of its summary without one) and, from its interval log, throughput and
 * latency over time. Styles, charts (PNG data URLs) and its one script are inline, and it loads nothing: the
 * script marks each chart {@code data-drawn} once the browser has decoded it, so that a test in a
 * browser can tell a drawn chart from a broken image.
 */
public final class HtmlReport {

    /** Runs beyond this many get no charts over time of their own: the page would be megabytes. */
    static final int RUNS_WITH_CHARTS = 12;

    private static final String STYLE = """
            body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
            h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
            table { border-collapse: collapse; margin: 0.5em 0 1em; }
            th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
            th { background: #f4f4f4; } td.number { text-align: right; font-variant-numeric: tabular-nums; }
            .passed { color: #1a7f37; } .failed { color: #b3261e; font-weight: bold; }
            .verdict { font-family: ui-monospace, monospace; background: #f7f7f7; padding: 0.5em; }
            figure { margin: 1em 0; } figure img { max-width: 100%; height: auto; }
            """;
    private static final String SCRIPT = """
            addEventListener("load", () => document.querySelectorAll("figure img").forEach(chart =>
                chart.setAttribute("data-drawn", chart.complete && chart.naturalWidth > 0)));
            """;

    private HtmlReport() {
    }

    /**
     * The page of {@code results} and {@code hdrLogs}; an interval log next to a result of the same
     * name is that run's.
     *
     * @param generatedBy what wrote it, e.g. {@code metric 0.1.0}, for its footer
     * @throws IllegalArgumentException when a file is not a metric result or interval log
     */
    public static String page(List<Path> results, List<Path> hdrLogs, String generatedBy) throws IOException {
        ComparisonReport.Runs runs = ComparisonReport.Runs.read(results);
        List<RunPoint> points = runs.points();
        RunComparison comparison = RunComparison.of(points);
        Function<RunPoint, String> labels = RunComparison.labels(points);
        String caption = ChartCaption.of(points);

        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n");
        String title = "metric: " + points.size() + (points.size() == 1 ? " run" : " runs");
        page.append("<title>").append(escape(title)).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n");
        page.append("<p>").append(escape(caption)).append("</p>\n");
        if (!points.isEmpty()) {
            page.append("<h2>Compared</h2>\n").append(markdownTable(comparison.markdown()))
                    .append("<p>Medians of the runs of each row, with their range.</p>\n");
        }
        if (comparison.groups().stream().map(RunComparison.Group::threads).distinct().count() > 1) {
            for (XYChart chart : ComparisonCharts.byThreadsCharts(comparison, caption).values()) {
                figure(page, chart);
            }
        }
        Map<Integer, Map<String, Histogram>> spectra = ComparisonReport.spectrumCurves(hdrLogs, runs.byBaseName(),
                labels);
        if (!spectra.isEmpty()) {
            page.append("<h2>Latency percentile spectra</h2>\n");
            for (Map.Entry<Integer, Map<String, Histogram>> entry : spectra.entrySet()) {
                figure(page, ComparisonCharts.spectrumChart(ComparisonReport.spectrumTitle(entry.getKey(), caption),
                        entry.getValue()));
            }
        }
        Set<Path> logs = new LinkedHashSet<>();
        hdrLogs.forEach(log -> logs.add(ComparisonReport.withoutExtension(log)));
        for (int i = 0; i < results.size(); i++) {
            Path json = results.get(i);
            Path base = ComparisonReport.withoutExtension(json);
            Path hdrLog = logs.contains(base) ? Path.of(base + ".hlog") : null;
            run(page, json, labels.apply(points.get(i)), results.size() <= RUNS_WITH_CHARTS ? hdrLog : null);
        }
        if (results.size() > RUNS_WITH_CHARTS) {
            page.append("<p>").append(results.size()).append(" runs: throughput and latency over time are drawn")
                    .append(" for at most ").append(RUNS_WITH_CHARTS).append("; report fewer runs to see them.</p>\n");
        }
        page.append("<footer><p>Written by ").append(escape(generatedBy)).append(".</p></footer>\n<script>\n")
                .append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return page.toString();
    }

    /** One run: its verdict, configuration, breakdown and, with {@code hdrLog}, its charts over time. */
    private static void run(StringBuilder page, Path json, String label, Path hdrLog) throws IOException {
        JsonNode root = JsonResults.readResult(json);
        page.append("<h2>").append(escape(json.getFileName().toString())).append(": ").append(escape(label))
                .append("</h2>\n");
        ResultSummary summary = JsonResults.summaryOf(root, json);
        boolean passed = RunPoint.passed(root);
        page.append("<p class=\"").append(passed ? "passed" : "failed").append("\">")
                .append(passed ? "Passed" : "FAILED").append("</p>\n");
        page.append("<p class=\"verdict\">").append(escape(summary != null ? summary.line().strip()
                : "no summary: a result written by an older metric")).append("</p>\n");
        Map<String, String> setup = new LinkedHashMap<>();
        setup.put("started", root.path("startedAt").asText());
        setup.put("server", root.at("/server/name").asText() + " " + root.at("/server/version").asText());
        setup.put("client", root.at("/client/library").asText() + " " + root.at("/client/version").asText());
        if (root.path("commandLine").isArray()) {
            List<String> words = new ArrayList<>();
            root.path("commandLine").forEach(word -> words.add(word.asText()));
            setup.put("command line", String.join(" ", words));
        }
        flatten("config", root.path("config"), setup);
        page.append("<details><summary>Configuration</summary>\n<table>\n");
        setup.forEach((name, value) -> page.append("<tr><th>").append(escape(name)).append("</th><td>")
                .append(escape(value)).append("</td></tr>\n"));
        page.append("</table>\n</details>\n");
        JsonNode breakdown = root.at("/breakdown/commands");
        if (breakdown.isArray() && !breakdown.isEmpty()) {
            page.append("<h3>Latency breakdown (mean, microseconds)</h3>\n").append(objectsTable(breakdown));
        }
        boolean logged = hdrLog != null && Files.isRegularFile(hdrLog);
        spectrum(page, json.getFileName().toString(), label, logged ? hdrLog : null, summary);
        if (logged) {
            for (XYChart chart : ComparisonCharts.overTime(json.getFileName().toString(),
                    ResponseTimes.read(hdrLog))) {
                figure(page, chart);
            }
        }
    }

    /**
     * A run's latency percentile spectrum: its whole distribution from {@code hdrLog}, or without one
     * the percentiles its summary gives (p50, p99, p99.9), each marked; none when it has neither.
     */
    private static void spectrum(StringBuilder page, String name, String label, Path hdrLog, ResultSummary summary)
            throws IOException {
        if (hdrLog != null) {
            figure(page, ComparisonCharts.spectrumChart(name + ": latency percentile spectrum (interval log)",
                    Map.of(label, LatencySpectrum.read(hdrLog))));
            return;
        }
        ResultSummary.Latency latency = summary == null ? ResultSummary.Latency.of(null) : summary.latency();
        Map<Double, Double> percentiles = new LinkedHashMap<>();
        percentiles.put(50.0, latency.p50Micros());
        percentiles.put(99.0, latency.p99Micros());
        percentiles.put(99.9, latency.p999Micros());
        figure(page, ComparisonCharts.spectrumChart(name + ": latency percentile spectrum (p50, p99, p99.9 of its"
                + " summary)", Map.of(label, LatencySpectrum.points(percentiles)), true));
    }

    /** Every value under {@code node}, by its path: {@code config.client.poolSize}. */
    private static void flatten(String path, JsonNode node, Map<String, String> into) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(path + "." + field.getKey(), field.getValue(), into);
            }
        } else if (!node.isMissingNode() && !node.isNull()) {
            into.put(path, node.isValueNode() ? node.asText() : node.toString());
        }
    }

    /** An array of objects as a table: a column per field of the first, a row per object. */
    private static String objectsTable(JsonNode rows) {
        List<String> columns = new ArrayList<>();
        rows.get(0).fieldNames().forEachRemaining(columns::add);
        StringBuilder table = new StringBuilder("<table>\n<tr>");
        columns.forEach(column -> table.append("<th>").append(escape(column)).append("</th>"));
        table.append("</tr>\n");
        for (JsonNode row : rows) {
            table.append("<tr>");
            for (String column : columns) {
                JsonNode cell = row.path(column);
                String text = cell.isFloatingPointNumber() ? String.format(Locale.ROOT, "%,.3f", cell.asDouble())
                        : cell.isIntegralNumber() ? String.format(Locale.ROOT, "%,d", cell.asLong())
                        : cell.isValueNode() ? cell.asText() : cell.toString();
                table.append(cell.isNumber() ? "<td class=\"number\">" : "<td>").append(escape(text))
                        .append("</td>");
            }
            table.append("</tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    /** A Markdown table (a header, its rule, rows) as an HTML table. */
    static String markdownTable(String markdown) {
        StringBuilder table = new StringBuilder("<table>\n");
        List<String> lines = markdown.lines().filter(line -> line.startsWith("|")).toList();
        for (int i = 0; i < lines.size(); i++) {
            if (i == 1) {
                continue;
            }
            String line = lines.get(i);
            String[] cells = line.substring(1, line.length() - 1).split("\\|", -1);
            String tag = i == 0 ? "th" : "td";
            table.append("<tr>");
            for (String cell : cells) {
                table.append('<').append(tag).append('>').append(escape(cell.strip())).append("</").append(tag)
                        .append('>');
            }
            table.append("</tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    private static void figure(StringBuilder page, XYChart chart) throws IOException {
        if (!chart.getSeriesCollection().isEmpty()) {
            page.append("<figure><img alt=\"").append(escape(chart.getTitle())).append("\" width=\"")
                    .append(ComparisonCharts.WIDTH).append("\" height=\"").append(ComparisonCharts.HEIGHT)
                    .append("\" src=\"").append(ComparisonCharts.pngDataUrl(chart)).append("\"></figure>\n");
        }
    }

    /** {@code text} safe inside an element or a quoted attribute. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
