package dev.metric.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.WorkloadIdentity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Saved runs side by side: the first is the baseline and every other is set against it, figure by
 * figure ({@link FigureChange}), in one table; then how each was set up differently from the
 * baseline, and a verdict per run. {@link RegressionGate} judges it for a CI gate.
 */
public final class RunComparisonTable {
    /** What is compared of how runs were set up, besides the workload of mode1, mode2 and run. */
    private static final List<String> SETUP = List.of("/mode", "/server/name", "/server/version", "/client/library",
            "/client/version", "/config/threads", "/config/connections", "/config/engine", "/config/client/poolSize",
            "/config/client/protocol", "/config/client/resp");

    private static final String NOISE_NOTE = "noise    each side's median is uncertain by half the range of its"
            + " repeats (a directory of runs), or for a single run by a bootstrap of its interval log (NAME.hlog"
            + " beside NAME.json: the middle 95% of the figure over " + IntervalBootstrap.RESAMPLES + " resamples"
            + " of its seconds); a change is beyond noise when it is larger than the two combined,"
            + " sqrt(a^2 + b^2) (the band shown)";

    private final RunGroup baseline;
    private final List<RunGroup> others;

    /**
     * @param groups the baseline first, then at least one to set against it
     */
    public RunComparisonTable(List<RunGroup> groups) {
        if (groups.size() < 2) {
            throw new IllegalArgumentException("compare needs at least two results: a baseline and one to set against"
                    + " it");
        }
        this.baseline = groups.get(0);
        this.others = List.copyOf(groups.subList(1, groups.size()));
    }

    /** The run, or repeats, every other is set against. */
    public RunGroup baseline() {
        return baseline;
    }

    /** The runs set against the baseline, in the order given. */
    public List<RunGroup> others() {
        return others;
    }

    /** Each figure of {@code other} against the baseline. */
    public List<FigureChange> changes(RunGroup other) {
        List<FigureChange> changes = new ArrayList<>();
        for (Headline figure : Headline.values()) {
            changes.add(FigureChange.of(figure, baseline, other));
        }
        return changes;
    }

    /** The table and the lines under it. */
    public String text() {
        StringBuilder out = new StringBuilder();
        List<RunGroup> all = new ArrayList<>();
        all.add(baseline);
        all.addAll(others);
        for (int i = 0; i < all.size(); i++) {
            out.append(i == 0 ? "compare  " : "         ").append(name(i)).append(" = ").append(describe(all.get(i)))
                    .append(i == 0 ? ", the baseline" : "").append('\n');
        }
        for (int i = 0; i < others.size(); i++) {
            List<String> differences = differences(others.get(i));
            if (!differences.isEmpty()) {
                out.append("differs  ").append(name(i + 1)).append(": ").append(String.join("; ", differences))
                        .append('\n');
            }
        }
        out.append('\n').append(header()).append('\n');
        for (Headline figure : Headline.values()) {
            out.append("| ").append(figure.label()).append(" | ").append(value(baseline, figure));
            for (RunGroup other : others) {
                out.append(" | ").append(value(other, figure)).append(" | ")
                        .append(FigureChange.of(figure, baseline, other).text());
            }
            out.append(" |\n");
        }
        row(out, "errors", all, group -> String.format(Locale.ROOT, "%,d", group.errors()));
        row(out, "values", all, RunComparisonTable::verification);
        row(out, "passed", all, group -> group.passed() + " of " + group.runs().size());
        String rows = RowComparison.table(all);
        if (!rows.isEmpty()) {
            out.append('\n').append(rows);
        }
        out.append('\n').append(NOISE_NOTE).append('\n');
        for (int i = 0; i < others.size(); i++) {
            out.append("verdict  ").append(name(i + 1)).append(": ").append(verdict(others.get(i))).append('\n');
        }
        return out.toString();
    }

    /** A, B, C, ... as the table heads the runs. */
    static String name(int index) {
        return index < 26 ? String.valueOf((char) ('A' + index)) : "R" + (index + 1);
    }

    private String header() {
        StringBuilder head = new StringBuilder("| figure | A");
        StringBuilder rule = new StringBuilder("|---|---:");
        for (int i = 1; i <= others.size(); i++) {
            head.append(" | ").append(name(i)).append(" | ").append(name(i)).append(" against A");
            rule.append("|---:|---");
        }
        return head.append(" |\n").append(rule).append("|").toString();
    }

    private void row(StringBuilder out, String label, List<RunGroup> all,
                     Function<RunGroup, String> cell) {
        out.append("| ").append(label).append(" | ").append(cell.apply(all.get(0)));
        for (RunGroup other : all.subList(1, all.size())) {
            out.append(" | ").append(cell.apply(other)).append(" | ");
        }
        out.append(" |\n");
    }

    private static String describe(RunGroup group) {
        long logs = group.runs().stream().filter(run -> run.bootstrap() != null).count();
        String runs = group.runs().size() == 1 ? "1 run" : group.runs().size() + " runs";
        String withLogs = logs == 0 ? "" : logs == group.runs().size()
                ? (logs == 1 ? ", with its interval log" : ", each with its interval log")
                : String.format(Locale.ROOT, ", %d with an interval log", logs);
        return group.label() + " (" + group.mode() + ", " + runs + withLogs + ")";
    }

    /** The median, and with repeats the range: {@code 40,120 (39,800-40,500)}. */
    private static String value(RunGroup group, Headline figure) {
        if (Double.isNaN(group.median(figure))) {
            return "n/a";
        }
        String median = number(figure, group.median(figure));
        return group.runs().size() == 1 ? median
                : median + " (" + number(figure, group.min(figure)) + "-" + number(figure, group.max(figure)) + ")";
    }

    private static String number(Headline figure, double value) {
        return figure.latency() ? String.format(Locale.ROOT, "%.3f", value / 1000.0)
                : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String verification(RunGroup group) {
        Set<String> verdicts = group.runs().stream().map(SavedRun::verification)
                .map(verdict -> verdict.name().toLowerCase(Locale.ROOT).replace('_', ' '))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        return String.join(", ", verdicts);
    }

    /** How {@code other}'s first run was set up differently from the baseline's first. */
    private List<String> differences(RunGroup other) {
        JsonNode base = baseline.runs().get(0).root();
        JsonNode root = other.runs().get(0).root();
        Set<String> pointers = new LinkedHashSet<>(SETUP);
        for (String mode : List.of(baseline.mode(), other.mode())) {
            if (WorkloadIdentity.knows(mode)) {
                pointers.addAll(WorkloadIdentity.of(mode, base).keySet());
            }
        }
        List<String> differences = new ArrayList<>();
        for (String pointer : pointers) {
            JsonNode was = base.at(pointer);
            JsonNode is = root.at(pointer);
            if (!was.equals(is)) {
                differences.add(pointer.substring(1).replace('/', ' ') + " " + shown(was) + " -> " + shown(is));
            }
        }
        return differences;
    }

    private static String shown(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? "none" : node.isValueNode() ? node.asText() : node.toString();
    }

    private String verdict(RunGroup other) {
        List<String> worse = new ArrayList<>();
        List<String> better = new ArrayList<>();
        boolean unknown = false;
        for (FigureChange change : changes(other)) {
            unknown |= change.noise() == FigureChange.Noise.UNKNOWN;
            if (change.noise() == FigureChange.Noise.BEYOND) {
                (change.figure().worse(change.percent()) ? worse : better).add(change.figure().label() + " "
                        + String.format(Locale.ROOT, "%+.1f%%", change.percent()));
            }
        }
        if (worse.isEmpty() && better.isEmpty()) {
            return unknown ? "noise unknown: give repeats or interval logs to tell a change from noise"
                    : "no change beyond noise";
        }
        return (worse.isEmpty() ? "" : "worse beyond noise: " + String.join(", ", worse))
                + (worse.isEmpty() || better.isEmpty() ? "" : "; ")
                + (better.isEmpty() ? "" : "better beyond noise: " + String.join(", ", better));
    }
}
