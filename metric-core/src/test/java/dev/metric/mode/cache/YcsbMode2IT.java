package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Mismatch;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.workload.DataSpec;
import dev.metric.ycsb.YcsbRecords;
import dev.metric.ycsb.YcsbWorkload;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * mode2 running YCSB's core workloads against a real redis-server started for these tests, each
 * test in a db of its own: the commands the server counted are those the rows report, the index
 * holds every record, and a field changed behind the run's back is found.
 */
@ExtendWith(LocalRedisExtension.class)
class YcsbMode2IT {

    private static final int RECORDS = 2048;
    private static final String INDEX = DataSpec.DEFAULT_KEY_PREFIX + "_indices";
    private static final String[] COMMANDS = {"hgetall", "hmset", "zadd", "zrangebyscore"};
    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    private static Mode2Config config(YcsbWorkload workload, int database) {
        ClientSettings settings = new ClientSettings(server.address(), database, 0, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        return Mode2Config.builder(ClientLibrary.LETTUCE, settings).threads(2).connections(2)
                .data(DataSpec.standard(RECORDS, 3)).flush(FlushPolicy.ALWAYS).duration(Duration.ofSeconds(2))
                .warmup(Duration.ofSeconds(1)).inflight(2).workload(workload).progressInterval(Duration.ofMillis(500))
                .build();
    }

    private static Mode2Result run(Mode2Config config) throws InterruptedException {
        return new Mode2Runner(config, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
    }

    private static Jedis jedis(int database) {
        Jedis jedis = new Jedis(server.address().host(), server.address().port());
        jedis.select(database);
        return jedis;
    }

    /** The server's calls of each of YCSB's commands so far. */
    private static Map<String, Long> calls() {
        Map<String, Long> calls = new HashMap<>();
        try (Jedis jedis = jedis(0)) {
            String stats = jedis.info("commandstats");
            for (String command : COMMANDS) {
                int at = stats.indexOf("cmdstat_" + command + ":calls=");
                long count = 0;
                if (at >= 0) {
                    int from = stats.indexOf('=', at) + 1;
                    count = Long.parseLong(stats.substring(from, stats.indexOf(',', from)));
                }
                calls.put(command, count);
            }
        }
        return calls;
    }

    /** Operations of {@code kind} in the warm-up and the measured traffic. */
    private static long count(Mode2Result result, OpKind kind) {
        return result.phases().warmup().figures(kind).count() + result.phases().measured().figures(kind).count();
    }

    /** Runs {@code workload} and checks that the server ran what the rows say, command for command. */
    private static Mode2Result runCounted(YcsbWorkload workload, int database) throws InterruptedException {
        Map<String, Long> before = calls();
        Mode2Result result = run(config(workload, database));
        Map<String, Long> after = calls();
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        assertEquals(0, count(result, OpKind.FAILED), report);

        long reads = count(result, OpKind.READ);
        long updates = count(result, OpKind.UPDATE);
        long inserts = count(result, OpKind.INSERT);
        long scans = count(result, OpKind.SCAN);
        long readModifyWrites = count(result, OpKind.READ_MODIFY_WRITE);
        // An insert is an HMSET and a ZADD, a read-modify-write an HGETALL and an HMSET, a scan a ZRANGEBYSCORE
        // and an HGETALL of each record it listed: the inner commands' row has them all.
        long listed = count(result, OpKind.YCSB_COMMAND) - 2 * inserts - 2 * readModifyWrites - scans;
        assertEquals(reads + readModifyWrites + listed, after.get("hgetall") - before.get("hgetall"), report);
        assertEquals(RECORDS + updates + inserts + readModifyWrites, after.get("hmset") - before.get("hmset"),
                "the load's HMSETs, then the traffic's; " + report);
        assertEquals(RECORDS + inserts, after.get("zadd") - before.get("zadd"), report);
        assertEquals(scans, after.get("zrangebyscore") - before.get("zrangebyscore"), report);
        try (Jedis jedis = jedis(database)) {
            assertEquals(RECORDS + inserts, jedis.zcard(INDEX), "every record in the index, once");
            assertEquals(RECORDS + inserts + 2, jedis.dbSize(), "the records, the index and the run's marker");
        }
        return result;
    }

    @Test
    void workloadAReadsAndUpdatesHalfAndHalfEveryReadVerified() throws InterruptedException {
        Mode2Result result = runCounted(YcsbWorkload.A, 1);

        PhaseResult measured = result.phases().measured();
        long reads = measured.figures(OpKind.READ).count();
        long updates = measured.figures(OpKind.UPDATE).count();
        assertTrue(reads > 100 && updates > 100, reads + " reads, " + updates + " updates");
        assertEquals(0.5, (double) reads / (reads + updates), 0.1);
        assertEquals(reads, measured.reads().keyHits(), "every record read was there");
        assertEquals(0, measured.figures(OpKind.INSERT).count() + measured.figures(OpKind.SCAN).count()
                + measured.figures(OpKind.YCSB_COMMAND).count());
        assertEquals(reads + updates, measured.all().count());
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains("YCSB workload A: readproportion=0.5, updateproportion=0.5;"), report);
        assertTrue(report.contains("| READ | ") && report.contains("| UPDATE | ")
                && !report.contains("| SCAN | ") && !report.contains("| GET hit | "), report);
        assertTrue(report.contains("result   every record read verified, no request failed"), report);
    }

    @Test
    void workloadEScansTheIndexAndReadsWhatItListsWhileInsertsGrowIt() throws InterruptedException {
        Mode2Result result = runCounted(YcsbWorkload.E, 2);

        PhaseResult measured = result.phases().measured();
        assertTrue(measured.figures(OpKind.SCAN).count() > 20, "scans");
        assertTrue(measured.figures(OpKind.INSERT).count() > 0, "inserts");
        assertTrue(measured.reads().keyHits() > 10 * measured.figures(OpKind.SCAN).count(),
                "a scan reads 50 records on average, each verified");
        assertTrue(measured.figures(OpKind.SCAN).response().p50Micros()
                > measured.figures(OpKind.YCSB_COMMAND).response().p50Micros(), "a scan is timed whole");
    }

    @Test
    void workloadDReadsTheNewestRecordsOnlyOnceTheirInsertsHaveEnded() throws InterruptedException {
        Mode2Result result = runCounted(YcsbWorkload.D, 3);

        assertTrue(result.phases().measured().figures(OpKind.INSERT).count() > 0);
        assertEquals(0, result.phases().measured().reads().keyMisses(),
                "no read looked for a record still being inserted");
    }

    @Test
    void workloadFReadsThenUpdatesEachRecordAsOneOperation() throws InterruptedException {
        Mode2Result result = runCounted(YcsbWorkload.F, 4);

        PhaseResult measured = result.phases().measured();
        long readModifyWrites = measured.figures(OpKind.READ_MODIFY_WRITE).count();
        assertTrue(readModifyWrites > 100);
        // A read-modify-write counts where its last command ends, each command where it ends: one whose read
        // ended in the warm-up and whose update in the measurement (or the other way at the end) is counted
        // with one command. At most one per request in flight straddles each edge: 4 lanes x 2, twice.
        assertEquals(2 * readModifyWrites, measured.figures(OpKind.YCSB_COMMAND).count(), 16,
                "a read and an update each");
    }

    @Test
    void aFieldChangedBehindTheRunsBackIsFoundInTheRecordsReads() throws Exception {
        byte[] hottest = YcsbRecords.key(DataSpec.DEFAULT_KEY_PREFIX, 0);
        Thread meddler = new Thread(() -> {
            try (Jedis jedis = jedis(5)) {
                while (jedis.zcard(INDEX) < RECORDS) {
                    Thread.onSpinWait();
                }
                jedis.hset(hottest, "field3".getBytes(StandardCharsets.US_ASCII),
                        "not a value of metric's".getBytes(StandardCharsets.US_ASCII));
            }
        });
        meddler.start();
        Mode2Result result = run(config(YcsbWorkload.C, 5));
        meddler.join();

        assertFalse(result.passed());
        assertTrue(result.phases().measured().checks().verificationFailures() > 0,
                "zipfian reads the first record most");
        Mismatch first = result.phases().measured().checks().firstFailures().get(0);
        assertEquals(new String(hottest, StandardCharsets.US_ASCII), first.key());
        assertTrue(first.describe().contains("field field3"), first.describe());
    }
}
