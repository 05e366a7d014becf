package dev.metric.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The rows a result has per kind of request, set side by side: {@code run}'s templates, {@code
 * replay}'s commands, {@code bench}'s tests. A summary's headline is every request together (bench's
 * latency is its slowest test's); what changed for GET and not for LPUSH shows only here. Each
 * figure is the median over a group's runs, uncertain by half their range with repeats, and of
 * unknown noise for single runs, whose interval logs do not tell the rows apart.
 */
final class RowComparison {

    /**
     * A row's figures.
     *
     * @param opsPerSec its requests per second
     * @param p99Micros the 99th percentile of its response time, in microseconds
     */
    record Figures(double opsPerSec, double p99Micros) {
    }

    /** The values of a row a group does not have. */
    private static final double[] NONE = new double[0];

    private RowComparison() {
    }

    /** What a row is of in {@code mode}'s results, for the table's heading; null for a mode without rows. */
    static String rowName(String mode) {
        return switch (mode) {
            case "run" -> "template";
            case "replay" -> "command";
            case "bench" -> "test";
            default -> null;
        };
    }

    /** The rows of the result {@code root} of {@code mode}, by name, in its order; empty for a mode without rows. */
    static Map<String, Figures> rows(String mode, JsonNode root) {
        Map<String, Figures> rows = new LinkedHashMap<>();
        switch (mode) {
            case "run" -> root.path("templates").forEach(row -> rows.put(row.path("template").asText(), of(row)));
            case "replay" -> root.path("commands").forEach(row -> rows.put(row.path("command").asText(), of(row)));
            case "bench" -> root.path("tests").forEach(test -> rows.put(test.path("test").asText(),
                    of(test.at("/run/templates/0"))));
            default -> {
            }
        }
        return rows;
    }

    private static Figures of(JsonNode row) {
        return new Figures(row.path("opsPerSec").asDouble(Double.NaN), row.at("/response/p99Micros")
                .asDouble(Double.NaN));
    }

    /**
     * The table of the baseline's rows in every group that has them, or empty when the baseline's
     * mode has no rows: per group its ops/s and p99, and for every group after the first, the change.
     */
    static String table(List<RunGroup> groups) {
        RunGroup baseline = groups.get(0);
        String rowName = rowName(baseline.mode());
        if (rowName == null) {
            return "";
        }
        List<Map<String, double[]>> opsPerSec = new ArrayList<>();
        List<Map<String, double[]>> p99 = new ArrayList<>();
        for (RunGroup group : groups) {
            opsPerSec.add(values(group, baseline.mode(), Figures::opsPerSec));
            p99.add(values(group, baseline.mode(), Figures::p99Micros));
        }
        StringBuilder head = new StringBuilder("| " + rowName + " | A ops/s | A p99 (ms)");
        StringBuilder rule = new StringBuilder("|---|---:|---:");
        for (int g = 1; g < groups.size(); g++) {
            String name = RunComparisonTable.name(g);
            head.append(String.format(" | %s ops/s | %s against A | %s p99 (ms) | %s against A", name, name, name,
                    name));
            rule.append("|---:|---|---:|---");
        }
        StringBuilder out = new StringBuilder(head).append(" |\n").append(rule).append("|\n");
        for (String row : opsPerSec.get(0).keySet()) {
            double[] baseOps = opsPerSec.get(0).get(row);
            double[] baseP99 = p99.get(0).get(row);
            out.append("| ").append(row).append(" | ").append(ops(RunGroup.median(baseOps))).append(" | ")
                    .append(ms(RunGroup.median(baseP99)));
            for (int g = 1; g < groups.size(); g++) {
                double[] theirOps = opsPerSec.get(g).getOrDefault(row, NONE);
                double[] theirP99 = p99.get(g).getOrDefault(row, NONE);
                out.append(" | ").append(ops(RunGroup.median(theirOps))).append(" | ")
                        .append(change(Headline.OPS_PER_SEC, baseOps, theirOps).text()).append(" | ")
                        .append(ms(RunGroup.median(theirP99))).append(" | ")
                        .append(change(Headline.P99, baseP99, theirP99).text());
            }
            out.append(" |\n");
        }
        return out.toString();
    }

    /** Each row's values over {@code group}'s runs; none for a group of another mode. */
    private static Map<String, double[]> values(RunGroup group, String mode,
                                                ToDoubleFunction<Figures> figure) {
        Map<String, List<Double>> collected = new LinkedHashMap<>();
        if (group.mode().equals(mode)) {
            for (SavedRun run : group.runs()) {
                rows(mode, run.root()).forEach((name, figures) -> collected.computeIfAbsent(name,
                        any -> new ArrayList<>()).add(figure.applyAsDouble(figures)));
            }
        }
        Map<String, double[]> values = new LinkedHashMap<>();
        collected.forEach((name, list) -> values.put(name, list.stream().mapToDouble(Double::doubleValue).sorted()
                .toArray()));
        return values;
    }

    private static FigureChange change(Headline figure, double[] base, double[] other) {
        return FigureChange.between(figure, RunGroup.median(base), RunGroup.halfRangePercent(base),
                RunGroup.median(other), RunGroup.halfRangePercent(other));
    }

    private static String ops(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String ms(double micros) {
        return Double.isNaN(micros) ? "n/a" : String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
