package dev.metric.report;

import dev.metric.client.ClientDescription;
import dev.metric.record.LatencySummary;
import dev.metric.result.ServerDescription;
import java.util.List;

/**
 * Runs as rows of the write-up's table ({@code | client threads | rps | 95% latency (ms) |},
 * widened with what else tells runs apart): what {@code --markdown} prints. Each mode gives its
 * columns and rows ({@code dev.metric.mode.MarkdownRows}).
 */
public final class MarkdownTable {

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

    /** The cells that say what ran: server and version, client and version, connections, client threads. */
    public static List<String> runCells(ServerDescription server, ClientDescription client, int threads) {
        return List.of(server.name() + " " + server.version(), client.library() + " " + client.version(),
                Integer.toString(client.connections()), Integer.toString(threads));
    }

    /** A latency's cells in the write-up's order: p95 (its headline), p50, p99, p99.9 and max, in ms. */
    public static List<String> latencyCells(LatencySummary latency) {
        return List.of(ReportText.ms(latency.p95Micros()), ReportText.ms(latency.p50Micros()),
                ReportText.ms(latency.p99Micros()), ReportText.ms(latency.p999Micros()),
                ReportText.ms(latency.maxMicros()));
    }
}
