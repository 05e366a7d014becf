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
            replayed.put(row.command(), row.count());
            if (!row.command().equals("PING")) {
                assertEquals(row.count(), row.serverCalls(), "the server counted every " + row.command());
            }
        }
        assertEquals(expected, replayed, report);
        assertEquals(Map.of("SELECT", 30L), result.config().trace().summary().skipped());
        ReplayCheck check = result.check();
        // per key: the first GET (warmed), the GET after SET, the MGET's first key on its own lane; the GET after DEL
        assertTrue(check.judged() >= 300 * 2 + 30, report);
        assertEquals(check.judged(), check.intact(), report);
        assertTrue(check.notJudged() > 0, "MGET keys of other lanes and nokey:* are not judged");
        // read before written: every key:i (and key:300, which no SET writes), and every nokey:i
        assertEquals(601, result.warm().count(), report);
        assertEquals(601, result.config().trace().summary().warmKeys(), report);
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
        Thread meddler = new Thread(() -> {
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(5);
                while (!jedis.exists("key:19")) {
                    Thread.onSpinWait();
                }
                jedis.set("key:3", "not what the replay wrote");
                jedis.del("key:7");
                jedis.set("key:11".getBytes(StandardCharsets.US_ASCII), jedis.get("key:12")
                        .getBytes(StandardCharsets.US_ASCII));
            }
        });
        meddler.start();
        ReplayResult result = run(config);
        meddler.join();

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertFalse(result.passed(), report);
        ReplayCheck check = result.check();
        assertEquals(20, check.judged(), report);
        assertEquals(17, check.intact(), report);
        assertEquals(Map.of("missing", 1L, "malformed", 1L, "other_key", 1L), check.failures(), report);
        assertTrue(report.contains("key:3: line 24: not a value metric wrote"), report);
        assertTrue(report.contains("key:7: line 28: missing"), report);
        assertTrue(result.durationSec() >= 1.0, "the GETs were due a second after the SETs: " + result.durationSec());
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
        Thread meddler = new Thread(() -> {
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(6);
                while (!jedis.exists("early")) {
                    Thread.onSpinWait();
                }
                jedis.set("early", "changed in the warm-up");
            }
        });
        meddler.start();
        ReplayResult result = run(config);
        meddler.join();

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertEquals(2, result.warmup().count(), report);
        assertEquals(100, result.all().count(), "only the commands after the warm-up are in the figures");
        assertEquals(List.of("SET", "GET"), result.commands().stream().map(ReplayFigures::command).toList());
        assertEquals(100, result.commands().get(0).serverCalls(), "the server counted the measured SETs only");
        assertEquals(0, result.commands().get(1).count(), report);
        assertEquals(Map.of("malformed", 1L), result.check().failures(), report);
        assertFalse(result.passed(), report);
        assertTrue(report.contains("warm-up  the trace's first 2 commands (--warmup)"), report);
    }
}
