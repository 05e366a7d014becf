package dev.metric.report;

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
}
