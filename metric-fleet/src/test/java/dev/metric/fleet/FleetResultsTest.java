package dev.metric.fleet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.report.ResultFrames;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the fleet says of generators that brought nothing back; merges of real results are in the CLI's FleetIT. */
class FleetResultsTest {

    @TempDir
    Path directory;

    @Test
    void generatorsWithoutResultsAreNamedWithWhereTheyRanWhyAndTheirLastLine() throws IOException {
        List<GeneratorOutcome> outcomes = List.of(
                new GeneratorOutcome(0, "bench-0-abcde", "node-a", GeneratorOutcome.Ending.FAILED,
                        "exit code 3 (Error)", "mode2: preload\nmetric: cannot reach cache.svc:6379: refused\n"),
                new GeneratorOutcome(1, "bench-1-fghij", null, GeneratorOutcome.Ending.UNFINISHED,
                        "waiting for a node: 0/3 nodes are available: 3 Insufficient cpu", ""),
                new GeneratorOutcome(2, null, null, GeneratorOutcome.Ending.MISSING, "no pod", ""));

        FleetResults.Report report = FleetResults.collect("bench", 3, outcomes, directory);

        assertFalse(report.passed());
        assertTrue(report.text().startsWith("metric fleet bench: 0 of 3 generators returned results"), report.text());
        assertTrue(report.text().contains("failed   bench-0: bench-0-abcde on node-a: exit code 3 (Error); its last"
                + " line: metric: cannot reach cache.svc:6379: refused"), report.text());
        assertTrue(report.text().contains("failed   bench-1: bench-1-fghij: not finished when the fleet stopped"
                + " waiting: waiting for a node: 0/3 nodes are available: 3 Insufficient cpu"), report.text());
        assertTrue(report.text().contains("failed   bench-2: index 2: no pod"), report.text());
        assertTrue(Files.readString(directory.resolve("bench-0.log")).contains("cannot reach"),
                "the log is kept");
    }

    @Test
    void resultsCutShortInTheLogAreNamedNotMerged() throws IOException {
        StringWriter framed = new StringWriter();
        ResultFrames.print(new PrintWriter(framed), "bench-0.json", "{}".getBytes(StandardCharsets.UTF_8));
        String cut = framed.toString().substring(0, framed.toString().indexOf("metric-frame end"));
        List<GeneratorOutcome> outcomes = List.of(new GeneratorOutcome(0, "bench-0-abcde", "node-a",
                GeneratorOutcome.Ending.SUCCEEDED, "exit code 0 (Completed)", cut));

        FleetResults.Report report = FleetResults.collect("bench", 1, outcomes, directory);

        assertFalse(report.passed());
        assertTrue(report.text().contains("bench-0: bench-0-abcde on node-a: its results in the log cannot be read:"
                + " the log ends inside the block of bench-0.json"), report.text());
        assertFalse(Files.exists(directory.resolve("bench-0.json")));
    }

    @Test
    void aRunThatExitedZeroWithoutResultsIsNotTakenForOne() throws IOException {
        List<GeneratorOutcome> outcomes = List.of(new GeneratorOutcome(0, "bench-0-abcde", "node-a",
                GeneratorOutcome.Ending.SUCCEEDED, "exit code 0 (Completed)", "Usage: metric [COMMAND]\n"));

        FleetResults.Report report = FleetResults.collect("bench", 1, outcomes, directory);

        assertFalse(report.passed());
        assertTrue(report.text().contains("it exited 0 but printed no results; its last line: Usage: metric"),
                report.text());
    }
}
