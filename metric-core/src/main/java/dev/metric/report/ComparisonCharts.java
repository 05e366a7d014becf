package dev.metric.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The comparison's charts, each as PNG and SVG: throughput, p95 and p99 against threads (one
 * line per client and pool, through the medians of the repeats), and the latency percentile
 * spectrum of each cell on a 1/(1-p) axis, where the tail is as wide as the middle.
 */
final class ComparisonCharts {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;

    static {
        // Charts are drawn off screen; a machine without a display must not try to open one.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ComparisonCharts() {
    }

    /** throughput, p95 and p99 against threads, in {@code directory}; returns the files written. */
    static List<Path> byThreads(RunComparison comparison, Path directory) throws IOException {
        List<Path> written = new ArrayList<>();
        written.addAll(byThreads(comparison, directory.resolve("throughput"), "Throughput by client threads (median of runs)",
                "operations per second", group -> group.opsPerSec().median()));
        written.addAll(byThreads(comparison, directory.resolve("p95"), "95th percentile latency by client threads (median of runs)",
                "p95 latency (ms)", group -> group.p95Ms().median()));
        written.addAll(byThreads(comparison, directory.resolve("p99"), "99th percentile latency by client threads (median of runs)",
                "p99 latency (ms)", group -> group.p99Ms().median()));
        return written;
    }

    private static List<Path> byThreads(RunComparison comparison, Path base, String title, String yTitle,
                                        ToDoubleFunction<RunComparison.Group> figure) throws IOException {
        XYChart chart = chart(title, "client threads", yTitle);
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (RunComparison.Group group : comparison.groups()) {
            double y = figure.applyAsDouble(group);
            if (Double.isFinite(y)) {
                lines.computeIfAbsent(group.label(), label -> new ArrayList<>()).add(new double[] {group.threads(), y});
            }
        }
        lines.forEach((label, points) -> chart.addSeries(label, column(points, 0), column(points, 1))
                .setMarker(SeriesMarkers.CIRCLE));
        return save(chart, base);
    }

    /** One spectrum chart of {@code curves} (label to histogram of nanoseconds); returns the files written. */
    static List<Path> spectrum(String title, Map<String, Histogram> curves, Path base) throws IOException {
        XYChart chart = chart(title, "percentile", "latency (ms)");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.setCustomXAxisTickLabelsFormatter(ComparisonCharts::percentileLabel);
        curves.forEach((label, histogram) -> {
            List<double[]> points = LatencySpectrum.points(histogram);
            if (!points.isEmpty()) {
                chart.addSeries(label, column(points, 0), column(points, 1)).setMarker(SeriesMarkers.NONE);
            }
        });
        return save(chart, base);
    }

    /** An x of 1 / (1 - p) back as a percentile: 10 is 90%, 1000 is 99.9%. */
    static String percentileLabel(double x) {
        double percentile = 100 - 100 / x;
        String text = String.format(Locale.ROOT, "%.6f", percentile).replaceAll("0+$", "").replaceAll("\\.$", "");
        return text + "%";
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        return chart;
    }

    private static double[] column(List<double[]> points, int index) {
        return points.stream().mapToDouble(point -> point[index]).toArray();
    }

    private static List<Path> save(XYChart chart, Path base) throws IOException {
        if (chart.getSeriesCollection().isEmpty()) {
            return List.of();
        }
        BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return List.of(Path.of(base + ".png"), Path.of(base + ".svg"));
    }
}
