package dev.metric.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Runs grouped by what was compared (server when there are several, client and pool, threads),
 * each group's throughput and latency as the median and range of its repeats: a noisy machine
 * makes single runs misleading, so the table and charts never show one run as the figure.
 */
public final class RunComparison {

    /** The columns of {@link #csvRows()}. */
    public static final CsvTable CSV = new CsvTable(List.of("label", "threads", "runs", "failed_runs",
            "ops_per_sec_median", "ops_per_sec_min", "ops_per_sec_max", "p95_ms_median", "p95_ms_min", "p95_ms_max",
            "p99_ms_median", "p99_ms_min", "p99_ms_max"));

    /**
     * One group of runs.
     *
     * @param label     server (when runs span several), client and pool
     * @param threads   client threads
     * @param runs      how many runs
     * @param failed    runs that did not verify everything or had errors
     * @param opsPerSec median, min and max
     * @param p95Ms     median, min and max
     * @param p99Ms     median, min and max
     */
    public record Group(String label, int threads, int runs, int failed, Range opsPerSec, Range p95Ms, Range p99Ms) {
    }

    /**
     * The median of a group's values and their extremes.
     *
     * @param median middle value (mean of the middle two for an even count)
     * @param min    smallest
     * @param max    largest
     */
    public record Range(double median, double min, double max) {

        static Range of(List<Double> values) {
            List<Double> known = values.stream().filter(Double::isFinite).sorted().toList();
            if (known.isEmpty()) {
                return new Range(Double.NaN, Double.NaN, Double.NaN);
            }
            int n = known.size();
            double median = n % 2 == 1 ? known.get(n / 2) : (known.get(n / 2 - 1) + known.get(n / 2)) / 2;
            return new Range(median, known.get(0), known.get(n - 1));
        }
    }

    private final List<Group> groups;

    private RunComparison(List<Group> groups) {
        this.groups = groups;
    }

    /** Groups {@code points} by their {@link #labels labels} and thread counts. */
    public static RunComparison of(List<RunPoint> points) {
        Function<RunPoint, String> label = labels(points);
        Map<String, List<RunPoint>> byGroup = new LinkedHashMap<>();
        points.stream()
                .sorted(Comparator.comparing(label).thenComparingInt(RunPoint::threads))
                .forEach(p -> byGroup.computeIfAbsent(label.apply(p) + "\n" + p.threads(),
                        k -> new ArrayList<>()).add(p));
        List<Group> groups = new ArrayList<>();
        for (List<RunPoint> runs : byGroup.values()) {
            RunPoint first = runs.get(0);
            groups.add(new Group(label.apply(first), first.threads(), runs.size(),
                    (int) runs.stream().filter(p -> !p.passed()).count(), range(runs, RunPoint::opsPerSec),
                    range(runs, p -> p.latency().p95Ms()), range(runs, p -> p.latency().p99Ms())));
        }
        return new RunComparison(List.copyOf(groups));
    }

    /**
     * The label each of {@code points} carries, as a row and as a chart's line: its client and
     * pool; after its server when the points span several servers; after its mode and what sets its
     * workload apart ({@code mode2, writeRatio 0.5}) when they span several workloads
     * ({@link WorkloadIdentity}), so that runs of unlike workloads are never pooled.
     */
    public static Function<RunPoint, String> labels(List<RunPoint> points) {
        boolean severalServers = points.stream().map(RunPoint::server).distinct().count() > 1;
        boolean severalWorkloads = points.stream().map(p -> p.mode() + p.workload()).distinct().count() > 1;
        Map<String, List<String>> varying = new LinkedHashMap<>();
        for (RunPoint point : points) {
            varying.computeIfAbsent(point.mode(), mode -> point.workload().keySet().stream()
                    .filter(pointer -> !pointer.startsWith("/server/"))
                    .filter(pointer -> points.stream().filter(p -> p.mode().equals(mode))
                            .map(p -> p.workload().get(pointer)).distinct().count() > 1)
                    .toList());
        }
        return point -> (severalWorkloads ? workloadName(point, varying.get(point.mode())) + ", " : "")
                + (severalServers ? point.server() + ", " : "") + point.series();
    }

    private static String workloadName(RunPoint point, List<String> varying) {
        StringBuilder name = new StringBuilder(point.mode());
        for (String pointer : varying) {
            name.append(", ").append(WorkloadIdentity.fieldName(pointer)).append(' ')
                    .append(point.workload().get(pointer).replace("\"", ""));
        }
        return name.toString();
    }

    private static Range range(List<RunPoint> runs, ToDoubleFunction<RunPoint> figure) {
        return Range.of(runs.stream().map(p -> figure.applyAsDouble(p)).toList());
    }

    public List<Group> groups() {
        return groups;
    }

    /** The comparison as a Markdown table: one row per group, medians with their min-max. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("| client and pool | threads | runs | ops/s median (min-max) | p95 ms median (min-max) "
                + "| p99 ms median (min-max) | failed runs |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Group group : groups) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s | %s | %d |%n", group.label(),
                    group.threads(), group.runs(), range(group.opsPerSec(), "%,.0f"), range(group.p95Ms(), "%.3f"),
                    range(group.p99Ms(), "%.3f"), group.failed()));
        }
        return out.toString();
    }

    private static String range(Range range, String format) {
        if (Double.isNaN(range.median())) {
            return "-";
        }
        return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", range.median(), range.min(),
                range.max());
    }

    /** The comparison as CSV rows, under {@link #CSV}. */
    public List<List<String>> csvRows() {
        List<List<String>> rows = new ArrayList<>();
        for (Group group : groups) {
            rows.add(List.of(group.label(), Integer.toString(group.threads()), Integer.toString(group.runs()),
                    Integer.toString(group.failed()), CsvTable.number(group.opsPerSec().median(), 0),
                    CsvTable.number(group.opsPerSec().min(), 0), CsvTable.number(group.opsPerSec().max(), 0),
                    CsvTable.number(group.p95Ms().median(), 3), CsvTable.number(group.p95Ms().min(), 3),
                    CsvTable.number(group.p95Ms().max(), 3), CsvTable.number(group.p99Ms().median(), 3),
                    CsvTable.number(group.p99Ms().min(), 3), CsvTable.number(group.p99Ms().max(), 3)));
        }
        return rows;
    }
}
