package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.workload.TraceValues;
import dev.metric.ycsb.YcsbTrace;
import dev.metric.ycsb.YcsbWorkload;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceScanTest {

    @TempDir
    Path dir;

    private Path trace(String... lines) throws IOException {
        Path file = dir.resolve("ops.trace");
        Files.write(file, List.of(lines), StandardCharsets.ISO_8859_1);
        return file;
    }

    private static long id(String key) {
        return TraceValues.keyId(key.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void commandsAreCountedByNameInTheOrderTheyFirstAppear() throws IOException {
        ScannedTrace scanned = TraceScan.scan(trace("# a plain trace", "get a", "SET a 1", "", "GET a", "ping"),
                null, 1, false);

        TraceSummary summary = scanned.summary();
        assertEquals(TraceFormat.PLAIN, summary.format());
        assertEquals(6, summary.lines());
        assertEquals(4, summary.replayed().commands());
        assertEquals(List.of("GET", "SET", "PING"), List.copyOf(summary.replayed().perCommand().keySet()));
        assertEquals(Map.of("GET", 2L, "SET", 1L, "PING", 1L), summary.replayed().perCommand());
        assertEquals(List.of("GET", "SET", "PING"), scanned.commandNames());
        assertEquals(1, summary.keyCounts().keys());
        assertEquals(0.0, summary.spanSec());
    }

    /**
     * YCSB's own output, as a user captures it: its banner, a properties header of {@code
     * "name"="value"} lines, the operations, and a summary of {@code [OVERALL], RunTime(ms), ...}
     * lines. Read as YCSB's, every operation counted and nothing else taken for one.
     */
    @Test
    void whatYcsbPrintsIsReadAsYcsbAndWhatIsNotAnOperationIsCountedByWhatItIs() throws Exception {
        Path printed = Path.of(TraceScanTest.class.getResource("/ycsb/workloada-basicdb.out").toURI());

        TraceSummary summary = TraceScan.scan(printed, null, 1, false).summary();

        assertEquals(TraceFormat.YCSB, summary.format());
        assertEquals(40, summary.replayed().commands(), "the run's 40 operations, each one command");
        assertEquals(0, summary.otherLines().badLines(), summary.otherLines().firstBadLines().toString());
        assertEquals(Map.of("YCSB's banner", 5L, "blank", 1L, "properties header", 14L, "summary", 31L),
                summary.otherLines().notOperations());
        assertEquals(summary.lines(),
                summary.replayed().commands() + summary.otherLines().notOperations().values().stream()
                .mapToLong(n -> n).sum(), "every line an operation or named");
    }

    @Test
    void aPlainTracesCommentsAndBlankLinesAreCountedAndNeverCommands() throws IOException {
        TraceSummary summary = TraceScan.scan(trace("# a plain trace", "", "GET a", "   ", "# end"), null, 1, false)
                .summary();

        assertEquals(1, summary.replayed().commands());
        assertEquals(Map.of("comment", 2L, "blank", 2L), summary.otherLines().notOperations());
    }

    @Test
    void windowsLineEndsAndALastLineWithoutOneAreRead() throws IOException {
        Path file = dir.resolve("crlf.trace");
        Files.write(file, "SET a 1\r\n\r\nGET \"a\"\r\nGET a".getBytes(StandardCharsets.ISO_8859_1));

        TraceSummary summary = TraceScan.scan(file, null, 1, true).summary();

        assertEquals(4, summary.lines());
        assertEquals(Map.of("SET", 1L, "GET", 2L), summary.replayed().perCommand());
        assertEquals(0, summary.otherLines().badLines());
    }

    @Test
    void onlyKeysReadBeforeTheTraceWritesThemAreWarmed() throws IOException {
        ScannedTrace scanned = TraceScan.scan(trace("GET early", "SET late v", "GET late", "MGET early other late",
                "DEL gone", "GET gone", "INCR counter", "GET counter"), null, 1, false);

        assertTrue(scanned.warm().contains(id("early")));
        assertTrue(scanned.warm().contains(id("other")));
        assertFalse(scanned.warm().contains(id("late")));
        assertFalse(scanned.warm().contains(id("gone")), "a delete sets what a read finds");
        assertFalse(scanned.warm().contains(id("counter")), "INCR makes the key");
        assertEquals(2, scanned.summary().keyCounts().warmKeys());
    }

    @Test
    void ycsbRecordsReadOrUpdatedBeforeTheyAreInsertedAreWarmedWithEveryFieldTheTraceNames() throws IOException {
        String value = "1 =?".repeat(25);
        ScannedTrace scanned = TraceScan.scan(trace("Starting test.", "READ usertable a [ <all fields>]",
                "INSERT usertable b [ field0=" + value + " fieldX=" + value + " ]", "READ usertable b [ field0 ]",
                "UPDATE usertable c [ field2=" + value + " ]", "SCAN usertable d 5 [ <all fields>]",
                "DELETE usertable e", "READ usertable e [ <all fields>]", "[OVERALL], RunTime(ms), 9"), null, 2,
                false);

        assertEquals(TraceFormat.YCSB, scanned.summary().format());
        assertEquals(0, scanned.summary().otherLines().badLines());
        assertEquals(Set.of(id("a"), id("c"), id("d")), Set.of(id("a"), id("b"), id("c"), id("d"), id("e")).stream()
                .filter(scanned.warm()::contains).collect(Collectors.toSet()), "read, updated or scanned from first");
        assertEquals(List.of("field0", "fieldX", "field2"), Arrays.stream(scanned.recordFields())
                .map(field -> new String(field, StandardCharsets.ISO_8859_1)).toList());
        Map<String, Long> commands = new LinkedHashMap<>();
        commands.put("HGETALL", 2L);
        commands.put("HMSET", 2L);
        commands.put("ZADD", 1L);
        commands.put("HMGET", 1L);
        commands.put("ZRANGEBYSCORE", 1L);
        commands.put("DEL", 1L);
        commands.put("ZREM", 1L);
        assertEquals(commands, scanned.summary().replayed().perCommand());
    }

    @Test
    void aYcsbTraceThatNamesNoFieldHasYcsbsDefaultTenAndAScansReadsGetARowOfTheirOwn() throws IOException {
        ScannedTrace scanned = TraceScan.scan(trace("SCAN usertable a 5 [ field3 ]",
                "READ usertable a [ <all fields>]"), null, 1, false);
        ScannedTrace unnamed = TraceScan.scan(trace("READ usertable a [ <all fields>]"), null, 1, false);

        assertEquals(List.of("ZRANGEBYSCORE", "HMGET", "HGETALL"), scanned.commandNames());
        assertEquals(0L, scanned.summary().replayed().perCommand().get("HMGET"), "counted as the replies list keys");
        assertEquals(List.of("field3"), Arrays.stream(scanned.recordFields())
                .map(field -> new String(field, StandardCharsets.ISO_8859_1)).toList());
        assertEquals(10, unnamed.recordFields().length);
        assertEquals("field9", new String(unnamed.recordFields()[9], StandardCharsets.ISO_8859_1));
    }

    @Test
    void aGeneratedYcsbTraceIsReadWithoutABadLine() throws IOException {
        Path file = dir.resolve("e.trace");
        try (OutputStream out = Files.newOutputStream(file)) {
            new YcsbTrace(YcsbWorkload.E, 200, 1000, 5, true).write(out);
        }

        ScannedTrace scanned = TraceScan.scan(file, null, 4, false);

        assertEquals(TraceFormat.YCSB, scanned.summary().format());
        assertEquals(0, scanned.summary().otherLines().badLines(),
                scanned.summary().otherLines().firstBadLines().toString());
        Map<String, Long> commands = scanned.summary().replayed().perCommand();
        assertEquals(commands.get("HMSET"), commands.get("ZADD"), "an INSERT is an HMSET and a ZADD");
        assertEquals(1000, commands.get("ZRANGEBYSCORE") + commands.get("ZADD") - 200, commands.toString());
        assertEquals(0, scanned.summary().keyCounts().warmKeys(), "every record is loaded before it is scanned");
    }

    @Test
    void aHotKeyGetsALaneOfItsOwnAndTheOtherKeysShareTheRest() throws IOException {
        String[] lines = new String[60];
        for (int i = 0; i < 30; i++) {
            lines[2 * i] = "GET hot";
            lines[2 * i + 1] = "SET cold" + i + " v";
        }

        ScannedTrace scanned = TraceScan.scan(trace(lines), null, 4, false);

        List<Long> sorted = scanned.summary().laneCommands().stream().sorted().toList();
        assertEquals(List.of(10L, 10L, 10L, 30L), sorted, scanned.summary().laneCommands().toString());
        for (int i = 0; i < 30; i++) {
            assertTrue(scanned.laneOf(id("cold" + i)) != scanned.laneOf(id("hot")), "cold" + i + " beside hot");
        }
    }

    @Test
    void keysAnUnknownCommandOrAnotherLanesCommandMayChangeAreNeverJudged() throws IOException {
        String[] keys = new String[64];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = "k" + i;
        }
        String first = keys[0];
        String otherLane = null;
        String sameLane = null;
        for (String key : keys) {
            boolean same = TraceKeys.laneOf(id(key), 4) == TraceKeys.laneOf(id(first), 4);
            if (!key.equals(first) && same && sameLane == null) {
                sameLane = key;
            }
            if (!same && otherLane == null) {
                otherLane = key;
            }
        }
        ScannedTrace scanned = TraceScan.scan(trace("MSET " + first + " v " + otherLane + " v " + sameLane + " v",
                "OBJECT FREQ x", "RENAME src dst"), null, 4, false);

        assertTrue(scanned.unjudged().contains(id(otherLane)), "written from another lane's connection");
        assertFalse(scanned.unjudged().contains(id(sameLane)));
        assertFalse(scanned.unjudged().contains(id(first)));
        assertEquals(TraceKeys.laneOf(id(first), 4), scanned.laneOf(id(first)), "judged where its hash puts it");
        assertEquals(scanned.laneOf(id(first)), scanned.laneOf(id(sameLane)), "judged beside the key routing MSET");
        assertTrue(scanned.unjudged().contains(id("src")) && scanned.unjudged().contains(id("dst")),
                "RENAME is not followed: any of its words may be a key it changes");
        assertEquals(Map.of("OBJECT", 1L), scanned.summary().replayed().skipped());
        assertEquals("it changes or inspects the server rather than the data",
                scanned.summary().replayed().skippedWhy().get("OBJECT"));
    }

    @Test
    void commandsThatChangeTheConnectionOrBlockAreCountedAndNotReplayed() throws IOException {
        TraceSummary summary = TraceScan.scan(trace("SELECT 1", "MULTI", "SET k v", "EXEC", "BLPOP q 0"), null, 1,
                false).summary();

        assertEquals(1, summary.replayed().commands());
        assertEquals(Map.of("SELECT", 1L, "MULTI", 1L, "EXEC", 1L, "BLPOP", 1L), summary.replayed().skipped());
        assertEquals("it changes the connection", summary.replayed().skippedWhy().get("MULTI"));
        assertEquals("it may block", summary.replayed().skippedWhy().get("BLPOP"));
    }

    @Test
    void badLinesAreCountedWithTheirNumbersAndTheFirstFewQuoted() throws IOException {
        String[] lines = new String[12];
        lines[0] = "1732579200.000001 [0 127.0.0.1:1] \"SET\" \"k\" \"v\"";
        for (int i = 1; i < lines.length - 1; i++) {
            lines[i] = i % 2 == 0 ? "garbage " + i : "1732579200.5 [0 127.0.0.1:1] \"GET\" \"k";
        }
        lines[lines.length - 1] = "1732579202.000001 [0 127.0.0.1:1] \"GET\" \"k\"";
        TraceSummary summary = TraceScan.scan(trace(lines), null, 1, false).summary();

        assertEquals(TraceFormat.MONITOR, summary.format());
        assertEquals(2, summary.replayed().commands());
        assertEquals(10, summary.otherLines().badLines());
        assertEquals(TraceSummary.QUOTED_BAD_LINES, summary.otherLines().firstBadLines().size());
        assertEquals("line 2: a double quote is not closed: 1732579200.5 [0 127.0.0.1:1] \"GET\" \"k",
                summary.otherLines().firstBadLines().get(0));
        assertTrue(summary.otherLines().firstBadLines().get(1).startsWith("line 3: not a MONITOR line"),
                summary.otherLines().firstBadLines().get(1));
        assertEquals(2.0, summary.spanSec(), 1e-9);
    }

    @Test
    void strictTraceRefusesTheFirstBadLine() throws IOException {
        Path file = trace("SET k v", "GET \"k", "GET k");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> TraceScan.scan(file, null, 1, true));
        assertEquals("strictTrace: line 2: a double quote is not closed: GET \"k", refused.getMessage());
    }

    @Test
    void aTraceWithNothingToReplayOrThatCannotBeReadIsRefused() throws IOException {
        Path empty = trace("# nothing", "SELECT 2");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TraceScan.scan(empty, null, 1, false))
                .getMessage().endsWith("holds no command to replay (2 lines, 0 bad, 1 not operations, 1 not"
                        + " replayed)"));
        Path missing = dir.resolve("missing.trace");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TraceScan.scan(missing, null, 1, false))
                .getMessage().contains("cannot be read"));
    }
}
