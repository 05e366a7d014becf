package dev.metric.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.JsonResults;
import dev.metric.report.ResponseTimes;
import dev.metric.result.ResultSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One saved run as compare reads it: its JSON result's {@code summary}, read back into the type that
 * wrote it, the result itself (to say how two runs were set up differently), and the uncertainty of
 * its figures from its interval log when one of the same name lies beside it ({@code run.json} and
 * {@code run.hlog}).
 *
 * @param json      the result file
 * @param root      the whole result
 * @param summary   its headline, verdict and the reasons for it
 * @param bootstrap the uncertainty of its figures from its interval log, or null without one
 */
public record SavedRun(Path json, JsonNode root, ResultSummary summary, IntervalBootstrap bootstrap) {

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
        if (root.path("mode").asText().equals("comparison")) {
            throw new IllegalArgumentException(json + " is a comparison of runs, not a run's result: give the runs'"
                    + " own JSON files");
        }
        ResultSummary summary = JsonResults.summaryOf(root, json);
        if (summary == null) {
            throw new IllegalArgumentException(json + " has no summary: not a result of metric's --json, or written"
                    + " by a metric older than compare (run it again)");
        }
        Path hdrLog = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "") + ".hlog");
        return new SavedRun(json, root, summary, Files.isRegularFile(hdrLog)
                ? IntervalBootstrap.of(ResponseTimes.read(hdrLog)) : null);
    }

    /** Its mode. */
    public String mode() {
        return root.path("mode").asText();
    }

    /** One of its headline figures, latencies in microseconds. */
    public double figure(Headline figure) {
        return figure.of(summary);
    }

    /** Its requests that failed. */
    public long errors() {
        return summary.errors();
    }

    /** What its values were found to be. */
    public ResultSummary.Verification verification() {
        return summary.values().verification();
    }

    /** Its verdict. */
    public boolean passed() {
        return summary.passed();
    }

    /** Why it did not pass, in words; empty when it passed. */
    public List<String> failures() {
        return !summary.passed() && summary.failures().isEmpty() ? List.of(NO_REASON) : summary.failures();
    }
}
