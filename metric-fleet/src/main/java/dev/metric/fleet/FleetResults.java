package dev.metric.fleet;

import dev.metric.report.GeneratorMerge;
import dev.metric.report.ReportText;
import dev.metric.report.ResultFrames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fleet's results, read back from the generators' logs into files and merged: each generator's
 * JSON result and interval log, framed in its log ({@link ResultFrames}), become
 * {@code NAME-INDEX.json} and {@code NAME-INDEX.hlog} in the results directory, beside the log
 * itself, and {@link GeneratorMerge} merges those over the window in which all of them measured.
 * A generator that left no results is named with the reason and its last words, and the others are
 * still merged.
 */
public final class FleetResults {

    /**
     * What the fleet brought back.
     *
     * @param text     the report: the merge, then every generator that is missing from it and why
     * @param passed   every generator returned a result, the results merged, and every run passed
     * @param written  the files written, results and logs included
     */
    public record Report(String text, boolean passed, List<Path> written) {
    }

    /** A generator left out of the merge, and why. */
    private record Missing(String name, String why) {
    }

    private FleetResults() {
    }

    /**
     * Writes every generator's log and results into {@code directory}, merges the results and
     * writes the merge there too.
     *
     * @param fleetName the run id every generator's is derived from ({@code NAME-INDEX})
     */
    public static Report collect(String fleetName, int generators, List<GeneratorOutcome> outcomes,
                                 Path directory) throws IOException {
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        List<Path> jsons = new ArrayList<>();
        List<Missing> missing = new ArrayList<>();
        for (GeneratorOutcome outcome : outcomes) {
            String name = fleetName + "-" + outcome.index();
            if (!outcome.log().isEmpty()) {
                written.add(Files.writeString(directory.resolve(name + ".log"), outcome.log()));
            }
            try {
                Map<String, byte[]> files = ResultFrames.read(outcome.log());
                byte[] json = files.get(name + ".json");
                byte[] hlog = files.get(name + ".hlog");
                if (json == null || hlog == null) {
                    missing.add(new Missing(name, noResults(outcome)));
                    continue;
                }
                Path jsonFile = Files.write(directory.resolve(name + ".json"), json);
                written.add(jsonFile);
                written.add(Files.write(directory.resolve(name + ".hlog"), hlog));
                jsons.add(jsonFile);
            } catch (IllegalArgumentException e) {
                missing.add(new Missing(name, where(outcome) + ": its results in the log cannot be read: "
                        + e.getMessage()));
            }
        }
        StringBuilder text = new StringBuilder(2048);
        text.append(String.format(Locale.ROOT, "metric fleet %s: %d of %d generators returned results%n%n",
                fleetName, jsons.size(), generators));
        GeneratorMerge.Merged merged = null;
        if (!jsons.isEmpty()) {
            try {
                merged = GeneratorMerge.of(jsons);
                text.append(GeneratorMerge.render(merged));
            } catch (IllegalArgumentException e) {
                missing.add(new Missing("merge", "the results cannot be merged: " + e.getMessage()));
            }
        }
        for (Missing left : missing) {
            ReportText.line(text, "failed", "%s: %s", left.name(), left.why());
        }
        if (merged != null) {
            written.addAll(GeneratorMerge.write(merged, text.toString(), directory));
        }
        boolean passed = missing.isEmpty() && merged != null && merged.passed() && jsons.size() == generators;
        return new Report(text.toString(), passed, List.copyOf(written));
    }

    private static String noResults(GeneratorOutcome outcome) {
        String lastLine = lastWords(outcome.log());
        return where(outcome) + ": " + switch (outcome.ending()) {
            case SUCCEEDED -> "it exited 0 but printed no results";
            case FAILED -> outcome.detail();
            case UNFINISHED -> "not finished when the fleet stopped waiting: " + outcome.detail();
            case MISSING -> "no pod";
        } + (lastLine.isEmpty() ? "" : "; its last line: " + lastLine);
    }

    private static String where(GeneratorOutcome outcome) {
        if (outcome.pod() == null) {
            return "index " + outcome.index();
        }
        return outcome.node() == null ? outcome.pod() : outcome.pod() + " on " + outcome.node();
    }

    /** The last line of the log that is not part of a framed block: usually the error. */
    private static String lastWords(String log) {
        String[] lines = log.split("\r?\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String line = lines[i].strip();
            if (!line.isEmpty() && !line.startsWith(ResultFrames.PREFIX)) {
                return line.length() > 300 ? line.substring(0, 300) + "..." : line;
            }
        }
        return "";
    }
}
