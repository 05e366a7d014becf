package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.LoopbackPorts;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code metric replay} as a user types it, against a redis-server started for these tests. */
@ExtendWith(LocalRedisExtension.class)
class ReplayCommandIT {

    private static String port;

    @TempDir
    Path directory;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        port = Integer.toString(local.address().port());
    }

    private Path trace(List<String> lines) throws IOException {
        Path file = directory.resolve("ops.trace");
        Files.write(file, lines, StandardCharsets.ISO_8859_1);
        return file;
    }

    private static List<String> monitorCapture(int keys) {
        List<String> lines = new ArrayList<>(List.of("OK"));
        for (int i = 0; i < keys; i++) {
            lines.add(String.format("1700000000.%06d [0 127.0.0.1:4000] \"GET\" \"user:%d\"", 2 * i, i));
            lines.add(String.format("1700000000.%06d [0 127.0.0.1:4000] \"SET\" \"user:%d\" \"%s\"", 2 * i + 1, i,
                    "x".repeat(100 + i)));
        }
        lines.add("1700000000.900000 [0 127.0.0.1:4000] \"PING\"");
        return lines;
    }

    @Test
    void aMonitorCaptureIsReplayedAndWrittenAsJsonCsvAndIntervalLog() throws Exception {
        Path json = directory.resolve("replay.json");
        CliRun run = CliRun.of("replay", trace(monitorCapture(200)).toString(), "--port", port, "--db", "2",
                "--threads", "2", "--connections", "2", "--warmup", "0", "--json", json.toString(), "--csv",
                directory.resolve("replay.csv").toString(), "--hdr-log", directory.resolve("replay.hlog").toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().startsWith("metric replay: a trace's commands, timed; reads of the keys it wrote checked"),
                run.out());
        assertTrue(run.out().contains("(monitor, "), run.out());
        assertTrue(run.out().contains("| GET |"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("replay", result.at("/mode").asText());
        assertEquals(401, result.at("/all/count").asLong());
        assertEquals(200, result.at("/warm/count").asLong(), "every key is read before it is written");
        assertEquals(0, result.at("/warmup/count").asLong());
        assertEquals(200, result.at("/check/judged").asLong());
        assertEquals(200, result.at("/check/intact").asLong());
        assertEquals(401, result.at("/summary/operations").asLong());
        assertEquals("verified", result.at("/summary/verification").asText());
        assertTrue(result.at("/jvm/stalls/wakeUps").asLong() > 0, "the stall meter ran: " + result.at("/jvm"));
        assertTrue(run.out().contains("\nstalls   the client's stall meter"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  replay ")
                && line.contains(" ops/s (401 replayed commands); p50 ")
                && line.matches(".*; 0 errors; values verified; passed(; client-bound)?")), run.out());
        assertEquals("monitor", result.at("/config/trace/format").asText());
        List<String> csv = Files.readAllLines(directory.resolve("replay.csv"));
        assertEquals(4, csv.size(), "a header and a row per command: " + csv);
        assertTrue(csv.get(0).contains(",command,count,share,"), csv.get(0));
        String log = Files.readString(directory.resolve("replay.hlog"));
        assertTrue(log.contains("Tag=c1,") && log.contains("Tag=c2,"), "a tag per command");
    }

    @Test
    void aYcsbTraceWrittenByMetricTraceIsReplayedWithTheReadsOfWhatItsScansList() throws Exception {
        Path file = directory.resolve("e.trace");
        CliRun write = CliRun.of("trace", "--workload", "ycsb-e", "--records", "300", "--operations", "2000", "--load",
                "--seed", "9", "--output", file.toString());
        CliRun printed = CliRun.of("trace", "--workload", "ycsb-e", "--records", "300", "--operations", "2000",
                "--load", "--seed", "9");
        Path json = directory.resolve("ycsb.json");
        CliRun run = CliRun.of("replay", file.toString(), "--port", port, "--db", "4", "--connections", "3",
                "--inflight", "2", "--value-size", "100", "--json", json.toString());

        assertEquals(0, write.exitCode(), write.err());
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), printed.out(),
                "--output writes what is printed");
        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("(ycsb, "), run.out());
        assertTrue(run.out().contains("| ZRANGEBYSCORE |") && run.out().contains("| HGETALL |"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        long listed = result.at("/check/listedReads").asLong();
        assertTrue(listed > 0, "every scan lists at least its start key: " + run.out());
        assertEquals(result.at("/check/judged").asLong(), result.at("/check/intact").asLong(), run.out());
        assertEquals(result.at("/config/trace/commands").asLong() + listed,
                result.at("/all/count").asLong() + result.at("/warmup/count").asLong(),
                "the trace's commands and the listed reads were all sent");
    }

    /**
     * YCSB's own output, as a user captures it (banner, properties header, operations, summary):
     * replayed as YCSB's, and nothing but its operations sent.
     */
    @Test
    void whatYcsbPrintedIsReplayedAsYcsbAndOnlyItsOperationsAreSent() throws Exception {
        Path printed = directory.resolve("workloada.out");
        try (InputStream resource = ReplayCommandIT.class.getResourceAsStream("/ycsb/workloada-basicdb.out")) {
            Files.copy(resource, printed);
        }
        Path json = directory.resolve("ycsb.json");

        CliRun run = CliRun.of("replay", printed.toString(), "--port", port, "--db", "6", "--warmup", "0", "--json",
                json.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("(ycsb, "), run.out());
        assertTrue(run.out().contains("lines    51 lines are not operations, none sent: YCSB's banner 5, blank 1,"
                + " properties header 14, summary 31\n"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals(0, result.at("/summary/errors").asLong(), run.out());
        assertEquals(40, result.at("/config/trace/commands").asLong());
    }

    @Test
    void aCommandTheServerDoesNotKnowIsNeverSentAndIsCountedByName() throws Exception {
        Path json = directory.resolve("unknown.json");
        Path file = trace(List.of("SET k v", "FROBNICATE k", "GET k", "frobnicate k 2", "JSON.GET k $"));

        CliRun run = CliRun.of("replay", file.toString(), "--port", port, "--db", "6", "--warmup", "0", "--json",
                json.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("unknown  3 commands the server does not know (not in its COMMAND reply), none"
                + " sent: FROBNICATE 2, JSON.GET 1\n"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals(0, result.at("/summary/errors").asLong(), "no command the server would refuse was sent");
        assertEquals(2, result.at("/summary/operations").asLong());
        assertEquals(2, result.at("/unknownCommands/FROBNICATE").asLong());
        assertFalse(run.out().contains("| FROBNICATE |"), run.out());
    }

    @Test
    void atTheTracesOwnPaceTheReplayTakesAsLongAsTheTraceAndSaysHowLateItSent() throws Exception {
        CliRun run = CliRun.of("replay", trace(monitorCapture(50)).toString(), "--port", port, "--db", "3",
                "--speed", "2");

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("at the trace's own times, 2.0 times its pace (--speed)"), run.out());
        assertTrue(run.out().contains("late     sent after their due time by p50"), run.out());
    }

    /**
     * At --rate the trace's commands go on one schedule: the pacer never sends a command before its
     * due time, so the measured commands take at least their schedule's span, and the report says
     * how late they went. --rate and --speed both set the pace and are refused together.
     */
    @Test
    void atARateTheCommandsKeepToItsScheduleAndTheReportSaysHowLateTheyWent() throws Exception {
        Path json = directory.resolve("rate.json");
        Path file = trace(monitorCapture(400));
        CliRun run = CliRun.of("replay", file.toString(), "--port", port, "--db", "5", "--rate", "2000",
                "--warmup-commands", "100", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("pacing   open loop at 2,000 ops/s in all; response time from each operation's"
                + " intended start"), run.out());
        assertTrue(run.out().contains("late     sent after their due time by p50"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals(2000, result.at("/config/rateOpsPerSec").asDouble());
        long measured = result.at("/all/count").asLong();
        assertEquals(801 - 100, measured, "the trace's commands after the warm-up");
        double span = (measured - 1) / 2000.0;
        assertTrue(result.at("/durationSec").asDouble() >= span, "the last command was due " + span + " s after"
                + " the first, and none went early: " + result.at("/durationSec"));

        CliRun both = CliRun.of("replay", file.toString(), "--port", port, "--rate", "2000", "--speed", "1");
        assertEquals(2, both.exitCode(), both.err());
        assertTrue(both.err().contains("--rate and --speed both set the pace: give one"), both.err());
    }

    /**
     * --find-max: each step replays the whole trace at its rate, after a warm phase that sets the keys
     * the trace reads first back to what the replay expects. Every key here is read, then written: a
     * step after the first would read the last step's writes, and find them wrong, without that
     * warm phase; the reads of every step are judged, and all intact. --speed and --step-duration
     * have no meaning for such a search and are refused.
     */
    @Test
    void findMaxReplaysTheWholeTraceAtEachStepsRateAndJudgesEveryStepsReads() throws Exception {
        Path json = directory.resolve("search.json");
        Path file = trace(monitorCapture(300));
        CliRun run = CliRun.of("replay", file.toString(), "--port", port, "--db", "6", "--rate", "1000",
                "--warmup-commands", "100", "--find-max", "--slo", "p99=1s", "--max-steps", "3", "--json",
                json.toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("answer   2,000 ops/s is the highest rate that met"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals(2000, result.at("/highestPassingOpsPerSec").asDouble());
        JsonNode steps = result.at("/steps");
        assertEquals(3, steps.size(), steps.toString());
        assertEquals(List.of(1000.0, 2000.0, 2000.0), List.of(steps.get(0).at("/targetOpsPerSec").asDouble(),
                steps.get(1).at("/targetOpsPerSec").asDouble(), steps.get(2).at("/targetOpsPerSec").asDouble()));
        assertEquals("confirm", steps.get(2).at("/purpose").asText());
        for (JsonNode step : steps) {
            assertTrue(step.at("/passed").asBoolean(), step.toString());
            assertEquals(601 - 100, step.at("/all/count").asLong(), "the trace's commands after its warm-up");
            assertEquals(0, step.at("/mismatches").asLong());
            assertTrue(step.at("/jvm/stalls/wakeUps").asLong() > 0, "the stall meter ran through the step: " + step);
        }
        assertEquals(3 * 300, result.at("/check/judged").asLong(), "every GET of each of the 3 steps");
        assertEquals(3 * 300, result.at("/check/intact").asLong());
        assertTrue(result.at("/summary/measured").asText().contains("highest passing step"), result.toString());

        CliRun timed = CliRun.of("replay", file.toString(), "--port", port, "--find-max", "--slo", "p99=1ms",
                "--speed", "1");
        assertEquals(2, timed.exitCode(), timed.err());
        assertTrue(timed.err().contains("--find-max sets the pace of each step: not with --speed"), timed.err());
        CliRun stepped = CliRun.of("replay", file.toString(), "--port", port, "--find-max", "--slo", "p99=1ms",
                "--step-duration", "5s");
        assertEquals(2, stepped.exitCode(), stepped.err());
        assertTrue(stepped.err().contains("--step-duration does not apply to a replay: each step replays the whole"
                + " trace"), stepped.err());
    }

    @Test
    void aDryRunPrintsWhatTheTraceHoldsAndConnectsToNothing() throws Exception {
        List<String> lines = new ArrayList<>(List.of("SET a 1", "GET b", "SELECT 4", "GET \"broken"));
        CliRun run = CliRun.of("replay", trace(lines).toString(), "--port", Integer.toString(LoopbackPorts.free()),
                "--no-embedded", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("metric replay --dry-run: nothing was connected to"), run.out());
        assertTrue(run.out().contains("2 commands, 2 keys"), run.out());
        assertTrue(run.out().contains("the first 0 left out of the figures (--warmup)"), run.out());
        assertTrue(run.out().contains("SELECT 1 (it changes the connection)"), run.out());
        assertTrue(run.out().contains("line 4: a double quote is not closed: GET \"broken"), run.out());
        assertTrue(run.out().contains("1 read before the trace writes them"), run.out());
    }

    @Test
    void aBadLineUnderStrictTraceIsRefusedWithItsNumberBeforeAnythingIsSent() throws Exception {
        CliRun run = CliRun.of("replay", trace(List.of("SET a 1", "GET 'b")).toString(), "--port", port,
                "--strict-trace");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("metric replay: --strict-trace: line 2: a single quote is not closed: GET 'b (see 'metric replay"
                + " --help')", run.err().strip());
        assertFalse(run.out().contains("replay:"), run.out());
    }
}
