package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** Replays of hand-written traces against a real redis-server started for these tests; each test uses its own db. */
@ExtendWith(LocalRedisExtension.class)
class ReplayRunnerIT {

    private static final String VALUE = "v".repeat(300);

    private static LocalRedisServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    private Path trace(List<String> lines) throws IOException {
        Path file = dir.resolve("ops.trace");
        Files.write(file, lines, StandardCharsets.ISO_8859_1);
        return file;
    }

    private static ReplayConfig.Builder config(ClientLibrary library, EngineKind engine, int database, Path trace,
                                               int threads, int connections, int inflight, double speed) {
        ClientSettings settings = new ClientSettings(server.address(), database,
                library == ClientLibrary.JEDIS ? threads : 0, Duration.ofSeconds(2), Duration.ofSeconds(10));
        return ReplayConfig.builder(library, settings, TraceScan.scan(trace, null, threads * connections, false))
                .threads(threads).connections(connections).engine(engine).inflight(inflight).speed(speed)
                .flush(FlushPolicy.ALWAYS).progressInterval(Duration.ofMillis(500));
    }

    private static ReplayResult run(ReplayConfig config) throws InterruptedException {
        return new ReplayRunner(config, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
    }

    /**
     * Runs the replay while another client of db {@code database}, once {@code key} exists there,
     * changes what {@code meddle} changes behind the replay's back.
     */
    private static ReplayResult runMeddled(ReplayConfig config, int database, String key, Consumer<Jedis> meddle)
            throws InterruptedException {
        Thread meddler = new Thread(() -> {
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(database);
                while (!jedis.exists(key)) {
                    Thread.onSpinWait();
                }
                meddle.accept(jedis);
            }
        });
        meddler.start();
        ReplayResult result = run(config);
        meddler.join();
        return result;
    }

    /** A trace of many keys: writes, reads (some before any write), deletes, multi-key commands and others. */
    private static List<String> mixedTrace(int keys) {
        List<String> lines = new ArrayList<>();
        lines.add("# a hand-written trace");
        for (int i = 0; i < keys; i++) {
            lines.add("GET key:" + i);
            lines.add("SET key:" + i + " " + VALUE + i);
            lines.add("GET key:" + i);
            lines.add("SETEX tmp:" + i + " 100 " + VALUE);
            lines.add("MGET key:" + i + " key:" + (i + 1) + " nokey:" + i);
            lines.add("INCR counter:" + (i % 5));
            lines.add("HSET hash:" + (i % 7) + " f" + i + " x");
            if (i % 10 == 0) {
                lines.add("DEL key:" + i);
                lines.add("GET key:" + i);
                lines.add("PING");
                lines.add("SELECT 3");
            }
        }
        return lines;
    }

    private static Map<String, Long> counted(List<String> lines) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String line : lines) {
            if (!line.startsWith("#") && !line.startsWith("SELECT")) {
                counts.merge(line.split(" ")[0].toUpperCase(Locale.ROOT), 1L, Long::sum);
            }
        }
        return counts;
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void everyCommandOfTheTraceReachesTheServerAndEveryJudgedReadIsIntact(ClientLibrary library) throws Exception {
        List<String> lines = mixedTrace(300);
        EngineKind engine = library == ClientLibrary.JEDIS ? EngineKind.THREADS : EngineKind.LOOP;
        ReplayResult result = run(config(library, engine, library.ordinal(), trace(lines), 2, 2, 4, 0)
                .warmupCommands(0).build());

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        Map<String, Long> expected = counted(lines);
        Map<String, Long> replayed = new LinkedHashMap<>();
        for (ReplayFigures row : result.commands()) {
            replayed.put(row.command(), row.row().count());
            if (!row.command().equals("PING")) {
                assertEquals(row.row().count(), row.row().serverCalls(), "the server counted every " + row.command());
            }
        }
        assertEquals(expected, replayed, report);
        assertEquals(Map.of("SELECT", 30L), result.config().trace().summary().replayed().skipped());
        ReplayCheck check = result.check();
        // per key: the first GET (warmed), the GET after SET, the MGET's first key on its own lane; the GET after DEL
        assertTrue(check.judged() >= 300 * 2 + 30, report);
        assertEquals(check.judged(), check.intact(), report);
        assertTrue(check.notJudged() > 0, "MGET keys of other lanes and nokey:* are not judged");
        // read before written: every key:i (and key:300, which no SET writes), and every nokey:i
        assertEquals(601, result.unmeasured().warm().count(), report);
        assertEquals(601, result.config().trace().summary().keyCounts().warmKeys(), report);
        assertTrue(report.contains("| SET |"), report);
    }

    @Test
    void valuesChangedOrDeletedBehindTheReplaysBackAreFoundWithTheirLines() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            lines.add(String.format(Locale.ROOT, "1700000000.%06d [0 127.0.0.1:5000] \"SET\" \"key:%d\" \"%s\"", i,
                    i, VALUE));
        }
        for (int i = 0; i < 20; i++) {
            lines.add(String.format(Locale.ROOT, "1700000001.%06d [0 127.0.0.1:5000] \"GET\" \"key:%d\"", i, i));
        }
        ReplayConfig config = config(ClientLibrary.LETTUCE, EngineKind.LOOP, 5, trace(lines), 1, 1, 1, 1.0).build();
        ReplayResult result = runMeddled(config, 5, "key:19", jedis -> {
            jedis.set("key:3", "not what the replay wrote");
            jedis.del("key:7");
            jedis.set("key:11".getBytes(StandardCharsets.US_ASCII), jedis.get("key:12")
                    .getBytes(StandardCharsets.US_ASCII));
        });

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertFalse(result.passed(), report);
        ReplayCheck check = result.check();
        assertEquals(20, check.judged(), report);
        assertEquals(17, check.intact(), report);
        assertEquals(Map.of("missing", 1L, "malformed", 1L, "other_key", 1L), check.failures(), report);
        assertTrue(report.contains("key:3: line 24: not a value metric wrote"), report);
        assertTrue(report.contains("key:7: line 28: missing"), report);
        assertTrue(result.totals().durationSec() >= 1.0,
                "the GETs were due a second after the SETs: " + result.totals().durationSec());
        assertTrue(report.contains("late     sent after their due time by"), report);
    }

    /**
     * The trace's first commands are sent and checked but left out of the figures: a value changed
     * behind the replay's back between a SET and a GET of the warm-up fails the run all the same.
     */
    @Test
    void theWarmUpIsLeftOutOfTheFiguresButItsReadsAreChecked() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("1700000000.000000 [0 127.0.0.1:5000] \"SET\" \"early\" \"" + VALUE + "\"");
        lines.add("1700000000.500000 [0 127.0.0.1:5000] \"GET\" \"early\"");
        for (int i = 0; i < 100; i++) {
            lines.add(String.format(Locale.ROOT, "1700000001.%06d [0 127.0.0.1:5000] \"SET\" \"key:%d\" \"%s\"", i,
                    i, VALUE));
        }
        ReplayConfig config = config(ClientLibrary.LETTUCE, EngineKind.LOOP, 6, trace(lines), 1, 1, 1, 1.0)
                .warmupCommands(2).build();
        ReplayResult result = runMeddled(config, 6, "early", jedis -> jedis.set("early", "changed in the warm-up"));

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertEquals(2, result.unmeasured().warmup().count(), report);
        assertEquals(100, result.totals().all().count(), "only the commands after the warm-up are in the figures");
        assertEquals(List.of("SET", "GET"), result.commands().stream().map(ReplayFigures::command).toList());
        assertEquals(100, result.commands().get(0).row().serverCalls(), "the server counted the measured SETs only");
        assertEquals(0, result.commands().get(1).row().count(), report);
        assertEquals(Map.of("malformed", 1L), result.check().failures(), report);
        assertFalse(result.passed(), report);
        assertTrue(report.contains("warm-up  the trace's first 2 commands (--warmup)"), report);
    }

    /** A YCSB value as its RandomByteIterator draws them: characters from ' ' to '?', spaces and '=' among them. */
    private static final String YCSB_VALUE = "1 =?#; (>".repeat(11) + "0";

    private static String ycsbFields(int... fields) {
        StringBuilder written = new StringBuilder("[ ");
        for (int field : fields) {
            written.append("field").append(field).append('=').append(YCSB_VALUE).append(' ');
        }
        return written.append(']').toString();
    }

    private static final int[] ALL_FIELDS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aYcsbTraceIsSentAsYcsbsRedisBindingSendsItAndEveryRecordReadIsIntact(ClientLibrary library)
            throws Exception {
        List<String> lines = new ArrayList<>(List.of("YCSB Client 0.17.0", "Loading workload...", "Starting test."));
        for (int i = 0; i < 50; i++) {
            lines.add("INSERT usertable user" + i + " " + ycsbFields(ALL_FIELDS));
            lines.add("READ usertable user" + i + " [ <all fields>]");
            lines.add("UPDATE usertable user" + i + " " + ycsbFields(3));
            lines.add("READ usertable user" + i + " [ field3 field5 ]");
            lines.add("READ usertable loaded" + i + " [ <all fields>]");
            if (i % 10 == 0) {
                lines.add("SCAN usertable user" + i + " 5 [ <all fields>]");
            }
            if (i % 10 == 1) {
                lines.add("DELETE usertable user" + i);
                lines.add("READ usertable user" + i + " [ <all fields>]");
            }
        }
        lines.add("[OVERALL], RunTime(ms), 1234");
        EngineKind engine = library == ClientLibrary.JEDIS ? EngineKind.THREADS : EngineKind.LOOP;
        ReplayResult result = run(config(library, engine, 7 + library.ordinal(), trace(lines), 2, 2, 4, 0)
                .warmupCommands(0).build());

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        assertEquals(TraceFormat.YCSB, result.config().trace().summary().format());
        Map<String, Long> replayed = new LinkedHashMap<>();
        for (ReplayFigures row : result.commands()) {
            replayed.put(row.command(), row.row().count());
            assertEquals(row.row().count(), row.row().serverCalls(), "the server counted every " + row.command());
            assertTrue(row.row().response().maxMicros() <= result.totals().durationSec() * 1e6, "a " + row.command()
                    + " was timed from within the replay, a listed key's read from its scan's reply: " + report);
        }
        // Each scan starts at a record inserted before it on its lane, so it lists that one at least; at most 5.
        long listed = result.check().listedReads();
        assertTrue(listed >= 5 && listed <= 5 * 5, "each scan's listed keys are read, 1 to 5 each: " + listed);
        assertEquals(Map.of("HMSET", 100L, "HGETALL", 105L + listed, "ZADD", 50L, "HMGET", 50L, "ZRANGEBYSCORE", 5L,
                "DEL", 5L, "ZREM", 5L), replayed, "the trace's 105 whole-record READs, then a read of each key its"
                + " scans listed, as the check counted them: " + report);
        assertEquals(List.of("HMSET", "ZADD", "HGETALL", "HMGET", "ZRANGEBYSCORE", "DEL", "ZREM"),
                result.commands().stream().map(ReplayFigures::command).toList(), "rows in the order of the trace");
        ReplayCheck check = result.check();
        // every READ, the ones after a DELETE too (nothing there); each listed key that was not deleted since
        assertTrue(check.judged() >= 155, report);
        assertEquals(check.judged(), check.intact(), report);
        // loaded0..49 are read, never inserted: the warm phase writes each as a record and indexes it
        assertEquals(50, result.config().trace().summary().keyCounts().warmKeys(), report);
        assertEquals(100, result.unmeasured().warm().count(), report);
    }

    @Test
    void aRecordsFieldChangedDeletedOrSwappedBehindTheReplaysBackIsFoundWithItsLineAndField() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            lines.add("INSERT usertable user" + i + " " + ycsbFields(ALL_FIELDS));
        }
        for (int i = 0; i < 30_000; i++) {
            lines.add("READ usertable user19 [ field0 ]");
        }
        for (int i = 0; i < 19; i++) {
            lines.add("READ usertable user" + i + " [ <all fields>]");
        }
        ReplayConfig config = config(ClientLibrary.LETTUCE, EngineKind.LOOP, 9, trace(lines), 1, 1, 1, 0)
                .warmupCommands(0).build();
        ReplayResult result = runMeddled(config, 9, "user19", jedis -> {
            jedis.hset("user3", "field2", "not what the replay wrote");
            jedis.hdel("user7", "field5");
            jedis.hset("user11".getBytes(StandardCharsets.US_ASCII), "field1".getBytes(StandardCharsets.US_ASCII),
                    jedis.hget("user12".getBytes(StandardCharsets.US_ASCII),
                            "field1".getBytes(StandardCharsets.US_ASCII)));
        });

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertFalse(result.passed(), report);
        ReplayCheck check = result.check();
        assertEquals(30_019, check.judged(), report);
        assertEquals(30_016, check.intact(), report);
        assertEquals(Map.of("missing", 1L, "malformed", 1L, "other_key", 1L), check.failures(), report);
        assertTrue(report.contains("user3: line 30024: field field2: not a value metric wrote"), report);
        assertTrue(report.contains("user7: line 30028: field field5: missing"), report);
        assertTrue(report.contains("user11: line 30032: field field1: another key's value"), report);
    }
}
