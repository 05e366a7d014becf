package dev.metric.mode.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** What a trace holds, as labelled lines for a report and for {@code --dry-run}. */
public final class TraceText {

    private TraceText() {
    }

    /**
     * The trace's lines, each a label and its text: file, format and size, commands by name, what
     * is not replayed, the keys warmed and never judged, how the lanes share the commands, bad lines.
     */
    public static List<String[]> lines(TraceSummary trace) {
        List<String[]> lines = new ArrayList<>();
        lines.add(line("trace", "%s (%s, %,d bytes, %,d lines%s): %,d commands, %,d keys", trace.file(),
                trace.format().optionName(), trace.bytes(), trace.lines(), trace.timed()
                        ? String.format(Locale.ROOT, ", %.3f s of traffic", trace.spanSec()) : "",
                trace.replayed().commands(), trace.keyCounts().keys()));
        lines.add(line("commands", "%s", counts(trace.replayed().perCommand())));
        if (!trace.replayed().skipped().isEmpty()) {
            lines.add(line("skipped", "%s", trace.replayed().skipped().entrySet().stream()
                    .map(skip -> String.format(Locale.ROOT, "%s %,d (%s)", skip.getKey(), skip.getValue(),
                            trace.replayed().skippedWhy().get(skip.getKey())))
                    .collect(Collectors.joining(", "))));
        }
        long besides = trace.otherLines().notOperations().values().stream().mapToLong(n -> n).sum();
        if (besides > 0) {
            lines.add(line("lines", "%,d %s not operations, none sent: %s", besides,
                    besides == 1 ? "line is" : "lines are", counts(trace.otherLines().notOperations())));
        }
        lines.add(line("keys", "%,d read before the trace writes them (the warm phase writes them first); %,d never"
                + " judged (a command the replay does not follow may change them)", trace.keyCounts().warmKeys(),
                trace.keyCounts().unjudgedKeys()));
        long keyed = trace.laneCommands().stream().mapToLong(n -> n).sum();
        if (trace.laneCommands().size() > 1 && keyed > 0) {
            lines.add(line("lanes", "%s of the commands with a key, by lane (a key's commands all go to one lane;"
                    + " the busiest lane sets the pace)", trace.laneCommands().stream()
                    .map(n -> String.format(Locale.ROOT, "%.1f%%", 100.0 * n / keyed))
                    .collect(Collectors.joining(", "))));
        }
        if (trace.otherLines().badLines() > 0) {
            lines.add(line("bad", "%,d lines are not commands of the format, not replayed; the first:",
                    trace.otherLines().badLines()));
            trace.otherLines().firstBadLines().forEach(bad -> lines.add(line("", "%s", bad)));
        }
        return lines;
    }

    private static String[] line(String label, String format, Object... args) {
        return new String[] {label, String.format(Locale.ROOT, format, args)};
    }

    private static String counts(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(entry -> String.format(Locale.ROOT, "%s %,d", entry.getKey(), entry.getValue()))
                .collect(Collectors.joining(", "));
    }
}
