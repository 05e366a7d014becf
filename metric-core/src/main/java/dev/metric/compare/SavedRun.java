package dev.metric.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.JsonResults;
import dev.metric.report.ResponseTimes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One saved run as compare reads it: the headline of its JSON result's {@code summary}, the result
 * itself (to say how two runs were set up differently), and the uncertainty of its figures from
 * its interval log when one of the same name lies beside it ({@code run.json} and {@code run.hlog}).
 *
 * @param json         the result file
 * @param mode         its mode
 * @param root         the whole result
 * @param figures      its headline figures, latencies in microseconds
 * @param errors       its requests that failed
 * @param verification what its values were found to be: {@code verified}, {@code failed} or
 *                     {@code not_verified}
 * @param passed       its verdict
 * @param failures     why it did not pass, in words; empty when it passed
 * @param bootstrap    the uncertainty of its figures from its interval log, or null without one
 */
public record SavedRun(Path json, String mode, JsonNode root, Map<Headline, Double> figures, long errors,
                       String verification, boolean passed, List<String> failures, IntervalBootstrap bootstrap) {

    /** What a failed run written before results gave reasons is said to have failed by. */
    static final String NO_REASON = "did not pass (a result of an older metric, which gave no reasons)";

    /**
     * Reads {@code json} and the interval log beside it.
     *
     * @throws IllegalArgumentException with a one-line reason: no such file, not JSON, not a run's
     *                                  result, written by a newer metric or before results had a summary
     */
    public static SavedRun read(Path json) throws IOException {
        JsonNode root = JsonResults.readResult(json);
        String mode = root.path("mode").asText();
        if (mode.equals("comparison")) {
            throw new IllegalArgumentException(json + " is a comparison of runs, not a run's result: give the runs'"
                    + " own JSON files");
        }
        JsonNode summary = root.path("summary");
        if (!summary.isObject()) {
            throw new IllegalArgumentException(json + " has no summary: not a result of metric's --json, or written"
                    + " by a metric older than compare (run it again)");
        }
        Map<Headline, Double> figures = new EnumMap<>(Headline.class);
        for (Headline figure : Headline.values()) {
            figures.put(figure, summary.path(figure.field()).asDouble(Double.NaN));
        }
        Path hdrLog = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "") + ".hlog");
        IntervalBootstrap bootstrap = Files.isRegularFile(hdrLog)
                ? IntervalBootstrap.of(ResponseTimes.read(hdrLog)) : null;
        boolean passed = summary.path("passed").asBoolean();
        List<String> failures = new ArrayList<>();
        summary.path("failures").forEach(failure -> failures.add(failure.asText()));
        if (!passed && failures.isEmpty()) {
            failures.add(NO_REASON);
        }
        return new SavedRun(json, mode, root, figures, summary.path("errors").asLong(),
                summary.path("verification").asText(), passed, List.copyOf(failures), bootstrap);
    }

    /** One of its headline figures. */
    public double figure(Headline figure) {
        return figures.get(figure);
    }
}
