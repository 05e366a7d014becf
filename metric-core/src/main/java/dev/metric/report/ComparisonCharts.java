package dev.metric.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The comparison's charts, each as PNG and SVG: throughput, p95 and p99 against threads (one line
 * per client and pool through the medians of the repeats, a bar from the lowest to the highest run
 * where runs were repeated, the threads axis as {@link ThreadAxis} says, the y axis from 0), and
 * the latency percentile spectrum of each cell on a 1/(1-p) axis, where the tail is as wide as
 * the middle. Every title says what was measured with: server, clients, cores and day.
 */
final class ComparisonCharts {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;
    /**
     * The pixels over which XChart spreads the threads axis's span, as a tick spacing hint of
     * this over the span: it then puts a tick at every whole unit, so at every measured point.
     */
    private static final int THREAD_AXIS_PIXELS = 720;

    static {
        // Charts are drawn off screen; a machine without a display must not try to open one.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ComparisonCharts() {
    }

    /** throughput, p95 and p99 against threads, in {@code directory}; returns the files written. */
    static List<Path> byThreads(RunComparison comparison, String caption, Path directory) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, XYChart> chart : byThreadsCharts(comparison, caption).entrySet()) {
            written.addAll(save(chart.getValue(), directory.resolve(chart.getKey())));
        }
        return written;
    }

    /** The charts of {@link #byThreads}, by the name of their files: throughput, p95, p99. */
    static Map<String, XYChart> byThreadsCharts(RunComparison comparison, String caption) {
        Map<String, XYChart> charts = new LinkedHashMap<>();
        charts.put("throughput", byThreads(comparison, ChartCaption.title("Throughput by client threads", caption),
                "operations per second", RunComparison.Group::opsPerSec));
        charts.put("p95", byThreads(comparison, ChartCaption.title("p95 latency by client threads", caption),
                "p95 latency (ms)", RunComparison.Group::p95Ms));
        charts.put("p99", byThreads(comparison, ChartCaption.title("p99 latency by client threads", caption),
                "p99 latency (ms)", RunComparison.Group::p99Ms));
        return charts;
    }

    private static XYChart byThreads(RunComparison comparison, String title, String yTitle,
                                     Function<RunComparison.Group, RunComparison.Range> figure) {
        XYChart chart = chart(title, "client threads (median of runs; bars: lowest to highest run)", yTitle);
        Map<String, List<RunComparison.Group>> lines = new LinkedHashMap<>();
        for (RunComparison.Group group : comparison.groups()) {
            if (Double.isFinite(figure.apply(group).median())) {
                lines.computeIfAbsent(group.label(), label -> new ArrayList<>()).add(group);
            }
        }
        ThreadAxis axis = ThreadAxis.of(lines.values().stream().flatMap(List::stream)
                .map(RunComparison.Group::threads).toList());
        Color[] colors = chart.getStyler().getSeriesColors();
        int line = 0;
        for (Map.Entry<String, List<RunComparison.Group>> entry : lines.entrySet()) {
            Color color = colors[line++ % colors.length];
            List<RunComparison.Group> groups = entry.getValue();
            XYSeries series = chart.addSeries(entry.getKey(),
                    groups.stream().mapToDouble(group -> axis.x(group.threads())).toArray(),
                    groups.stream().mapToDouble(group -> figure.apply(group).median()).toArray());
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            for (RunComparison.Group group : groups) {
                RunComparison.Range range = figure.apply(group);
                if (group.runs() > 1 && range.max() > range.min()) {
                    double at = axis.x(group.threads());
                    XYSeries bar = chart.addSeries(entry.getKey() + " range at " + group.threads(),
                            new double[] {at, at}, new double[] {range.min(), range.max()});
                    bar.setMarker(SeriesMarkers.NONE);
                    bar.setLineColor(color);
                    bar.setShowInLegend(false);
                }
            }
        }
        axis.applyTo(chart);
        chart.getStyler().setYAxisMin(0.0);
        return chart;
    }

    /**
     * The threads axis: log2 when every count measured is a power of two, as a sweep's usually
     * are, so that doubling the threads is one step; linear otherwise (1 to 6, say), where a log2
     * axis would have no tick at 3, 5 or 6. Either way only the counts measured are labelled.
     *
     * @param measured the thread counts that have a point
     * @param log2     whether the axis is log2
     */
    record ThreadAxis(Set<Integer> measured, boolean log2) {

        static ThreadAxis of(List<Integer> threads) {
            Set<Integer> measured = new TreeSet<>(threads);
            return new ThreadAxis(measured, measured.stream().allMatch(count -> Integer.bitCount(count) == 1));
        }

        double x(int threads) {
            return log2 ? Math.log(threads) / Math.log(2) : threads;
        }

        /**
         * The thread count at {@code x} when it was measured; else blank. XChart takes a tick spacing
         * only when its labels are distinct, so blanks differ in their number of spaces, one more
         * for each whole unit: at a spacing of one unit, every label is distinct.
         */
        String label(double x) {
            for (int threads : measured) {
                if (Math.abs(x(threads) - x) < 1e-9) {
                    return Integer.toString(threads);
                }
            }
            return " ".repeat(1 + (int) Math.floorMod(Math.round(x), 16L));
        }

        void applyTo(XYChart chart) {
            if (measured.isEmpty()) {
                return;
            }
            double margin = log2 ? 0.25 : 0.5;
            double from = x(Collections.min(measured)) - margin;
            double to = x(Collections.max(measured)) + margin;
            chart.getStyler().setXAxisMin(from);
            chart.getStyler().setXAxisMax(to);
            chart.getStyler().setXAxisTickMarkSpacingHint((int) Math.max(30, THREAD_AXIS_PIXELS / (to - from)));
            chart.setCustomXAxisTickLabelsFormatter(this::label);
        }
    }

    /**
     * One spectrum chart of {@code curves} (label to histogram of nanoseconds); returns the files
     * written. The axis runs to the next whole decade, so that its last one is labelled.
     */
    static List<Path> spectrum(String title, Map<String, Histogram> curves, Path base) throws IOException {
        return save(spectrumChart(title, curves), base);
    }

    /** The chart of {@link #spectrum}. */
    static XYChart spectrumChart(String title, Map<String, Histogram> curves) {
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        curves.forEach((label, nanos) -> points.put(label, LatencySpectrum.points(nanos)));
        return spectrumChart(title, points, false);
    }

    /**
     * A percentile spectrum of {@code curves}' points ({@link LatencySpectrum#points}), each point
     * marked when {@code marked}: a curve of a few percentiles, read from a result rather than a
     * whole histogram, shows where it was measured.
     */
    static XYChart spectrumChart(String title, Map<String, List<double[]>> curves, boolean marked) {
        XYChart chart = chart(title, "percentile", "latency (ms)");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.setCustomXAxisTickLabelsFormatter(ComparisonCharts::percentileLabel);
        double widest = 1;
        for (Map.Entry<String, List<double[]>> curve : curves.entrySet()) {
            List<double[]> points = curve.getValue();
            if (!points.isEmpty()) {
                chart.addSeries(curve.getKey(), column(points, 0), column(points, 1))
                        .setMarker(marked ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
                widest = Math.max(widest, points.get(points.size() - 1)[0]);
            }
        }
        chart.getStyler().setXAxisMin(1.0);
        chart.getStyler().setXAxisMax(nextDecade(widest));
        return chart;
    }

    /**
     * A run's interval log over time: its responses per second, and its p50, p99 and max latency,
     * interval by interval ({@link ResponseTimes#wholeIntervals}), against seconds from the first
     * interval's start to each one's end.
     */
    static List<XYChart> overTime(String title, ResponseTimes times) {
        XYChart rate = chart(title + ": throughput over time", "seconds", "responses per second");
        XYChart latency = chart(title + ": latency over time", "seconds", "latency (ms)");
        latency.getStyler().setYAxisLogarithmic(true);
        List<ResponseTimes.Interval> intervals = times.wholeIntervals();
        if (intervals.isEmpty()) {
            return List.of();
        }
        double start = times.startEpochSec();
        double[] at = intervals.stream().mapToDouble(interval -> interval.endEpochSec() - start).toArray();
        rate.addSeries("responses per second", at, intervals.stream()
                .mapToDouble(ResponseTimes.Interval::responsesPerSec).toArray());
        latency.addSeries("p50", at, intervals.stream()
                .mapToDouble(interval -> interval.nanos().getValueAtPercentile(50.0) / 1e6).toArray());
        latency.addSeries("p99", at, intervals.stream()
                .mapToDouble(interval -> interval.nanos().getValueAtPercentile(99.0) / 1e6).toArray());
        latency.addSeries("max", at, intervals.stream()
                .mapToDouble(interval -> interval.nanos().getMaxValue() / 1e6).toArray());
        rate.getStyler().setYAxisMin(0.0);
        return List.of(rate, latency);
    }

    /**
     * {@code chart} as a PNG data URL, to put inside a page. Not SVG: XChart's SVG draws every
     * letter and every dash of the grid as a path, half a megabyte a chart.
     */
    static String pngDataUrl(XYChart chart) throws IOException {
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(
                BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
    }

    /** The smallest power of ten at or above {@code x}, and above 1: the end of a spectrum's axis. */
    static double nextDecade(double x) {
        return Math.pow(10, Math.max(1, Math.ceil(Math.log10(x) - 1e-9)));
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
