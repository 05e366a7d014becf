package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalMemcachedServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** YCSB traces replayed to a real memcached, as YCSB's memcached binding would send them, every record read checked. */
@ExtendWith(LocalRedisExtension.class)
class MemcachedReplayIT {

    /** A YCSB value as its RandomByteIterator draws them. */
    private static final String VALUE = "1 =?#; (>".repeat(11) + "0";

    private static LocalMemcachedServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void useServer(LocalMemcachedServer local) {
        server = local;
    }

    /** Each lane two requests in flight on a loop; one on threads, where folsom takes turns among its connections. */
    private ReplayConfig config(List<String> lines, EngineKind engine, int lanes) throws IOException {
        Path file = dir.resolve("ycsb.trace");
        Files.write(file, lines, StandardCharsets.ISO_8859_1);
        ClientSettings settings = new ClientSettings(server.address(), 0, engine == EngineKind.LOOP ? 0 : lanes,
                Duration.ofSeconds(2), Duration.ofSeconds(10)).withProtocol(Protocol.MEMCACHED);
        return ReplayConfig.builder(ClientLibrary.FOLSOM, settings,
                        TraceScan.scan(file, null, lanes, false, Protocol.MEMCACHED))
                .threads(1).connections(lanes).engine(engine).inflight(engine == EngineKind.LOOP ? 2 : 1)
                .warmupCommands(0)
                .flush(FlushPolicy.ALWAYS).progressInterval(Duration.ofMillis(500)).build();
    }

    private static ReplayResult run(ReplayConfig config) throws InterruptedException {
        return new ReplayRunner(config, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
    }

    private static String fields(int... fields) {
        StringBuilder written = new StringBuilder("[ ");
        for (int field : fields) {
            written.append("field").append(field).append('=').append(VALUE).append(' ');
        }
        return written.append(']').toString();
    }

    @ParameterizedTest
    @EnumSource(EngineKind.class)
    void eachOperationIsSentAsYcsbsMemcachedBindingSendsItAndEveryReadIsIntact(EngineKind engine) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add("INSERT usertable user" + i + " " + fields(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
            lines.add("READ usertable user" + i + " [ <all fields>]");
            lines.add("UPDATE usertable user" + i + " " + fields(3));
            lines.add("READ usertable user" + i + " [ field3 ]");
            lines.add("READ usertable loaded" + i + " [ <all fields>]");
            lines.add("UPDATE usertable fresh" + i + " " + fields(1));
            lines.add("READ usertable fresh" + i + " [ <all fields>]");
            if (i % 10 == 0) {
                lines.add("SCAN usertable user" + i + " 5 [ <all fields>]");
            }
            if (i % 10 == 1) {
                lines.add("DELETE usertable user" + i);
                lines.add("READ usertable user" + i + " [ <all fields>]");
            }
        }
        ReplayResult result = run(config(lines, engine, 3));

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        Map<String, Long> replayed = new LinkedHashMap<>();
        Map<String, Long> counted = new LinkedHashMap<>();
        for (ReplayFigures row : result.commands()) {
            replayed.put(row.command(), row.row().count());
            counted.put(row.command(), row.row().serverCalls());
        }
        assertEquals(Map.of("ADD", 30L, "GET", 123L, "REPLACE", 60L, "DELETE", 3L), replayed, report);
        assertEquals(123L, counted.get("GET"), "memcached's cmd_get: " + report);
        assertEquals(3L, counted.get("DELETE"), "memcached's delete hits and misses: " + report);
        assertEquals(90L, counted.get("ADD"), "memcached's cmd_set counts every storage command: " + report);
        assertEquals(Map.of("SCAN", 3L), result.config().trace().summary().replayed().skipped(), report);
        assertEquals(123, result.check().judged(), "every READ, those after a DELETE too: " + report);
        assertEquals(123, result.check().intact(), report);
        // loaded0..29 are read and fresh0..29 replaced before any write: YCSB's load phase would have written them
        assertEquals(60, result.config().trace().summary().keyCounts().warmKeys(), report);
        assertEquals(60, result.unmeasured().warm().count(), report);
    }

    @Test
    void aRecordChangedBehindTheReplaysBackIsFoundAndOneNotStoredIsNotJudged() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("INSERT usertable user0 " + fields(0, 1));
        lines.add("INSERT usertable user0 " + fields(0, 1));
        lines.add("READ usertable user0 [ <all fields>]");
        for (int i = 0; i < 30_000; i++) {
            lines.add("READ usertable user0 [ field0 ]");
        }
        lines.add("READ usertable watched [ <all fields>]");
        ReplayConfig config = config(lines, EngineKind.LOOP, 1);
        Thread meddler = new Thread(() -> {
            try (Socket socket = new Socket(server.address().host(), server.address().port());
                 BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                         StandardCharsets.ISO_8859_1))) {
                OutputStream out = socket.getOutputStream();
                boolean written = false;
                while (!written) {
                    out.write("get usertable-watched\r\n".getBytes(StandardCharsets.US_ASCII));
                    // a value the replay wrote is printable: its reply is VALUE, the value, END, a line each
                    for (String line = in.readLine(); !line.equals("END"); line = in.readLine()) {
                        written |= line.startsWith("VALUE ");
                    }
                }
                out.write("set usertable-watched 0 0 5\r\nhello\r\n".getBytes(StandardCharsets.US_ASCII));
                in.readLine();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        meddler.start();
        ReplayResult result = run(config);
        meddler.join();

        String report = ReplayReport.render(result, Percentiles.DEFAULT);
        assertFalse(result.passed(), report);
        assertEquals(Map.of("malformed", 1L), result.check().failures(), report);
        assertTrue(report.contains("usertable-watched: line 30004: not a value metric wrote"), report);
        assertEquals(30_001, result.check().notJudged(), "the second ADD was not stored: user0 is in doubt; "
                + report);
    }
}
