package dev.metric.report;

import dev.metric.record.LatencySummary;
import dev.metric.result.Mode1Result;
import dev.metric.result.Mode2Result;
import dev.metric.result.PhaseResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Runs as rows of the write-up's table ({@code | client threads | rps | 95% latency (ms) |},
 * widened with what else tells runs apart): what {@code --markdown} prints and a sweep collects.
 */
public final class MarkdownTable {

    public static final List<String> MODE1_COLUMNS = List.of("server", "client", "connections", "client threads",
            "rps", "95% latency (ms)", "p50 (ms)", "p99 (ms)", "p99.9 (ms)", "max (ms)", "errors", "mismatches");

    public static final List<String> MODE2_COLUMNS = List.of("server", "client", "connections", "client threads",
            "write ratio", "target ops/s", "ops/s", "hit ratio", "95% latency (ms)", "p50 (ms)", "p99 (ms)",
            "p99.9 (ms)", "max (ms)", "errors", "verification failures");

    private MarkdownTable() {
    }

    /** The table: a header, its rule, and the rows, numbers right-aligned. */
    public static String render(List<String> columns, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", columns)).append(" |\n|");
        for (int i = 0; i < columns.size(); i++) {
            out.append(i < 3 ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }

    public static List<String> row(Mode1Result result) {
        LatencySummary latency = result.verify().latency();
        return List.of(result.server().name() + " " + result.server().version(),
                result.client().library() + " " + result.client().version(),
                Integer.toString(result.client().connections()), Integer.toString(result.config().threads()),
                String.format(Locale.ROOT, "%,.0f", result.verify().readsPerSec()), ReportText.ms(latency.p95Micros()),
                ReportText.ms(latency.p50Micros()), ReportText.ms(latency.p99Micros()),
                ReportText.ms(latency.p999Micros()), ReportText.ms(latency.maxMicros()),
                String.format(Locale.ROOT, "%,d", result.verify().errors()),
                String.format(Locale.ROOT, "%,d", result.verify().mismatches()));
    }

    /** A mode2 run's row: response time of all operations; a search's from its highest passing step. */
    public static List<String> row(Mode2Result result) {
        PhaseResult traffic = result.headlineTraffic();
        String server = result.server().name() + " " + result.server().version();
        String client = result.client().library() + " " + result.client().version();
        String connections = Integer.toString(result.client().connections());
        String threads = Integer.toString(result.config().threads());
        String writeRatio = String.format(Locale.ROOT, "%s", result.config().writeRatio());
        if (traffic == null) {
            List<String> row = new ArrayList<>(List.of(server, client, connections, threads, writeRatio, "",
                    "no step passed"));
            row.addAll(Collections.nCopies(MODE2_COLUMNS.size() - row.size(), ""));
            return row;
        }
        LatencySummary response = traffic.all().response();
        return List.of(server, client, connections, threads, writeRatio,
                traffic.targetOpsPerSec() > 0
                        ? String.format(Locale.ROOT, "%,.0f", traffic.targetOpsPerSec()) : "closed loop",
                String.format(Locale.ROOT, "%,.0f", traffic.achievedOpsPerSec()),
                Double.isNaN(traffic.hitRatio()) ? "" : String.format(Locale.ROOT, "%.3f", traffic.hitRatio()),
                ReportText.ms(response.p95Micros()), ReportText.ms(response.p50Micros()),
                ReportText.ms(response.p99Micros()), ReportText.ms(response.p999Micros()),
                ReportText.ms(response.maxMicros()), String.format(Locale.ROOT, "%,d", traffic.errors()),
                String.format(Locale.ROOT, "%,d", traffic.verificationFailures()));
    }
}
