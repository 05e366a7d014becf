package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.mode.cache.Mode2Csv;
import dev.metric.record.Percentiles;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LocalRedisExtension.class)
class Mode2CommandIT {

    private static LocalRedisServer server;
    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    @Test
    void closedLoopRunPrintsEveryKindOfOperationAndExits0() {
        CliRun run = CliRun.of("mode2", "2", "1", port, "--db", "1", "--flush", "--duration", "2", "--warmup", "1",
                "--ttl", "1-2");

        assertEquals(0, run.exitCode(), run.err());
        for (String row : new String[] {"| GET hit |", "| GET miss |", "| SETEX |", "| refill |", "| all |"}) {
            assertTrue(run.out().contains(row), run.out());
        }
        assertTrue(run.out().contains("closed loop"), run.out());
        assertTrue(run.out().contains("keyspace hits"), run.out());
        String breakdown = run.out().substring(run.out().indexOf("latency breakdown, mean us per request"));
        assertTrue(breakdown.contains("\n| GET | ") && breakdown.contains("\n| SETEX | "), run.out());
        assertTrue(run.out().contains("result   every hit verified"), run.out());
        assertTrue(run.err().contains("measure: "), run.err());
        assertTrue(run.err().lines().anyMatch(line -> line.contains("ops/s, hit ratio")), run.err());
    }

    @Test
    void strictJudgesReadsAndSaysWhatItFoundWhileTheDefaultSaysWhatItCannotSee() {
        CliRun strict = CliRun.of("mode2", "2", "1", port, "--db", "7", "--flush", "--duration", "2", "--warmup", "0",
                "--ttl", "1-2", "--strict", "--no-breakdown");
        assertEquals(0, strict.exitCode(), strict.out());
        assertTrue(strict.out().lines().anyMatch(line -> line.matches("strict   over the whole run: [0-9,]+ reads "
                + "judged against their key's last acknowledged write; 0 keys lost \\(0 reads\\), 0 read stale "
                + "\\(0 reads\\), 0 returned after their TTL \\(0 reads\\)")), strict.out());
        assertTrue(strict.out().contains("state of 16,384 bytes for 1,024 keys"), strict.out());
        assertTrue(strict.err().lines().anyMatch(line -> line.endsWith(", 0 lost, stale or expired reads so far")),
                strict.err());

        CliRun plain = CliRun.of("mode2", "2", "1", port, "--db", "7", "--flush", "--duration", "1", "--warmup", "0",
                "--no-breakdown");
        assertEquals(0, plain.exitCode(), plain.err());
        assertTrue(plain.out().contains("checked  every hit is an intact value of its own key, of any version; "
                + "without --strict a lost key counts as a miss"), plain.out());
    }

    @Test
    void skipLoadRunsOnTheKeysAnEarlierRunPreloaded() {
        CliRun first = CliRun.of("mode2", "1", "1", port, "--db", "6", "--flush", "--duration", "1", "--warmup", "0",
                "--ttl", "600", "--no-breakdown");
        CliRun second = CliRun.of("mode2", "2", "1", port, "--db", "6", "--skip-load", "--duration", "1", "--warmup",
                "0", "--ttl", "600", "--no-breakdown");

        assertEquals(0, first.exitCode(), first.err());
        assertEquals(0, second.exitCode(), second.err());
        assertTrue(second.out().contains("preload  skipped (--skip-load)"), second.out());
        assertTrue(second.out().contains("1,025 keys before the run"), "the first run's keys and its marker: "
                + second.out());
        assertTrue(second.out().lines().anyMatch(line -> line.startsWith("| GET hit |")), second.out());
    }

    @Test
    void openLoopRunShowsResponseAndServiceTimesAndWritesJson(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("mode2.json");
        Path csv = directory.resolve("mode2.csv");
        Path hlog = directory.resolve("mode2.hlog");

        CliRun run = CliRun.of("mode2", "2", "1", port, "--db", "2", "--flush", "--client", "lettuce",
                "--inflight", "4", "--rate", "2000", "--duration", "2", "--warmup", "0", "--key-dist", "zipfian",
                "--json", json.toString(), "--csv", csv.toString(), "--hdr-log", hlog.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("response time, from when each operation was due"), run.out());
        assertTrue(run.out().contains("service time, from when each operation went on the wire"), run.out());
        assertTrue(run.out().contains("targeted"), run.out());
        assertTrue(run.out().contains("after their intended start"), run.out());
        assertTrue(run.out().contains("of which the client's own delay"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("mode2", result.at("/mode").asText());
        assertTrue(result.at("/passed").asBoolean());
        assertEquals(2000, result.at("/config/rateOpsPerSec").asDouble());
        assertEquals("zipfian, theta 0.99", result.at("/config/keyDistribution").asText());
        assertEquals(4, result.at("/config/inflight").asInt());
        assertTrue(result.at("/measured/all/count").asLong() > 0);
        assertTrue(result.at("/measured/all/service/p50Micros").asDouble() > 0);
        assertEquals(result.at("/measured/all/count").asLong(), result.at("/measured/sendLateness/count").asLong(),
                "every operation's lateness is recorded");
        assertEquals(result.at("/measured/all/count").asLong(), result.at("/measured/ownDelay/count").asLong(),
                "and its own delay");
        assertEquals(0, result.at("/measured/unsentOps").asLong());
        assertEquals(result.at("/measured/byKind/0/count").asLong(), result.at("/serverDelta/keyspaceHits").asLong());
        assertEquals("NaN", result.at("/highestPassingOpsPerSec").asText(), "no search, so no answer: not 0");
        JsonNode summary = result.path("summary");
        assertEquals(result.at("/measured/all/count").asLong(), summary.path("operations").asLong());
        assertEquals(result.at("/measured/achievedOpsPerSec").asDouble(), summary.path("opsPerSec").asDouble());
        assertEquals(result.at("/measured/all/response/p999Micros").asDouble(), summary.path("p999Micros").asDouble(),
                "the response time, from when each operation was due");
        assertEquals("verified", summary.path("verification").asText());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  mode2 ")
                && line.matches(".*; 0 errors; values verified; passed(; client-bound)?")), run.out());
        List<String> lines = Files.readAllLines(csv);
        assertEquals(String.join(",", Mode2Csv.table(Percentiles.DEFAULT).header()), lines.get(0));
        List<String> header = List.of(lines.get(0).split(","));
        List<String> cells = cells(lines.get(1));
        assertEquals(header.size(), cells.size(), lines.get(1));
        assertEquals("zipfian, theta 0.99", cells.get(header.indexOf("key_distribution")), "quoted, comma and all");
        assertEquals("2000", cells.get(header.indexOf("target_ops_per_sec")));
        assertEquals(result.at("/measured/all/count").asText(), cells.get(header.indexOf("ops")));
        assertEquals("true", cells.get(header.indexOf("passed")));
        long allocated = result.at("/measured/jvm/allocatedBytes").asLong();
        assertTrue(allocated > 0, "the traffic's threads allocate: " + allocated);
        assertEquals(Math.round((double) allocated / result.at("/measured/all/count").asLong()),
                Long.parseLong(cells.get(header.indexOf("alloc_bytes_per_op"))), "the CSV gives it per operation");
        assertTrue(run.out().contains("B of heap per operation"), run.out());

        Map<String, Long> counts = new HashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                counts.merge(interval.getTag(), ((Histogram) interval).getTotalCount(), Long::sum);
            }
        }
        assertEquals(Set.of("get-hit", "get-miss", "setex", "refill", "failed", "get-hit-service", "get-miss-service",
                "setex-service", "refill-service", "failed-service"), counts.keySet());
        assertEquals(0, counts.get("failed"), "no request failed");
        long hits = result.at("/measured/byKind/0/count").asLong();
        assertEquals(hits, counts.get("get-hit"), "every measured hit, warm-up left out");
        assertEquals(hits, counts.get("get-hit-service"));
    }

    @Test
    void aYcsbWorkloadAtARateReportsItsOperationsInYcsbsTermsAndWritesValidJson(@TempDir Path directory)
            throws Exception {
        Path json = directory.resolve("ycsb.json");
        Path hlog = directory.resolve("ycsb.hlog");

        CliRun run = CliRun.of("mode2", "2", "1", port, "--db", "4", "--flush", "--client", "lettuce",
                "--workload", "ycsb-d", "--rate", "2000", "--duration", "2", "--warmup-time", "1",
                "--json", json.toString(), "--hdr-log", hlog.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("workload YCSB workload D: readproportion=0.95, insertproportion=0.05;"
                + " requestdistribution=latest;"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| READ | ")), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| INSERT | ")), run.out());
        assertTrue(run.out().contains("result   every record read verified, no request failed"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("ycsb-d", result.at("/config/workload").asText());
        assertEquals(0, result.at("/measured/verificationFailures").asLong());
        Map<String, Long> counts = new HashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                counts.merge(interval.getTag(), ((Histogram) interval).getTotalCount(), Long::sum);
            }
        }
        assertEquals(Set.of("read", "insert", "inner-command", "failed", "read-service", "insert-service",
                "inner-command-service", "failed-service"), counts.keySet());
        long inserts = 0;
        for (JsonNode kind : result.at("/measured/byKind")) {
            if (kind.at("/kind").asText().equals("INSERT")) {
                inserts = kind.at("/count").asLong();
            }
        }
        assertTrue(inserts > 0, "a twentieth of 4,000 operations");
        assertEquals(inserts, counts.get("insert"), "every measured insert, warm-up left out");
        assertEquals(2 * inserts, counts.get("inner-command"), "an HMSET and a ZADD each");
    }

    @Test
    void findMaxPrintsOneRowPerStepAndTheAnswer() {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "3", "--flush", "--warmup", "0", "--find-max",
                "--slo", "p99=1s", "--rate", "200", "--max-steps", "2", "--step-duration", "1");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("| step | target ops/s |"), run.out());
        assertTrue(run.out().contains("| 1 | 200 |"), run.out());
        assertTrue(run.out().contains("answer "), run.out());
    }

    @Test
    void aSearchThatFindsNoRateIsAFailedRun(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("search.json");
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "3", "--flush", "--warmup", "0", "--find-max",
                "--slo", "p99=1us", "--rate", "200", "--max-steps", "2", "--step-duration", "1", "--no-breakdown",
                "--json", json.toString());

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("result   FAILED: no rate met [p99 <= 1 us] twice without failing\n"),
                run.out());
        assertTrue(run.out().contains("no rate of the search passed twice"), run.out());
        assertTrue(run.out().stripTrailing().lines().filter(line -> line.startsWith("summary"))
                .allMatch(line -> line.endsWith("; FAILED")), run.out());
        assertEquals(false, ResultSchema.assertValid(json).at("/summary/passed").asBoolean(true));
    }

    @Test
    void requestsThatFailInASearchsStepsFailTheRun(RedisServers servers) throws Exception {
        LocalRedisServer full = servers.start();
        try (redis.clients.jedis.Jedis jedis = new redis.clients.jedis.Jedis("127.0.0.1", full.address().port())) {
            jedis.configSet("maxmemory", "1"); // every write refused: the refills after each miss fail
        }
        CliRun run = CliRun.of("mode2", "1", "1", Integer.toString(full.address().port()), "--skip-load",
                "--warmup", "0", "--find-max", "--slo", "p99=1s", "--rate", "100", "--max-steps", "2",
                "--step-duration", "1", "--no-breakdown");

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("result   FAILED: ")
                && line.matches(".*, [0-9,]+ failed requests.*")), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.matches("summary .*; [1-9][0-9,]* errors; .*FAILED")),
                run.out());
    }

    /** The cells of one CSV line, quoted cells unquoted. */
    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    @Test
    void aServerKilledMidRunLeavesAReportAJsonAndACsvRowOfWhatWasMeasured(@TempDir Path directory,
                                                                         RedisServers servers) throws Exception {
        LocalRedisServer doomed = servers.start();
        Path json = directory.resolve("killed.json");
        Path csv = directory.resolve("killed.csv");
        java.util.concurrent.CompletableFuture<CliRun> run = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> CliRun.of("mode2", "2", "1", Integer.toString(doomed.address().port()), "--host", "127.0.0.1",
                        "--duration", "600", "--warmup", "0", "--timeout", "500ms", "--json", json.toString(),
                        "--csv", csv.toString()));
        try (redis.clients.jedis.Jedis jedis = new redis.clients.jedis.Jedis("127.0.0.1",
                doomed.address().port())) {
            while (hits(jedis) < 5000 && !run.isDone()) { // only the measured traffic GETs (--warmup 0)
                Thread.sleep(50);
            }
        }
        ProcessHandle.of(Long.parseLong(doomed.info().fields().get("process_id"))).orElseThrow().destroyForcibly();

        CliRun result = run.get(60, java.util.concurrent.TimeUnit.SECONDS);

        assertEquals(1, result.exitCode(), result.err());
        assertTrue(result.out().contains("STOPPED  early: the server at " + doomed.address()
                + " accepts no connection"), result.out());
        assertTrue(result.err().contains("outage: no request has succeeded"), result.err());
        JsonNode written = ResultSchema.assertValid(json);
        assertTrue(written.at("/faults/stoppedEarly").asText().contains("accepts no connection"),
                written.toString());
        assertTrue(written.at("/measured/all/count").asLong() > 0, written.toString());
        assertEquals(false, written.at("/passed").asBoolean());
        assertEquals(2, Files.readAllLines(csv).size());
    }

    private static long hits(redis.clients.jedis.Jedis jedis) {
        return Long.parseLong(jedis.info("stats").lines().filter(line -> line.startsWith("keyspace_hits:"))
                .findFirst().orElseThrow().substring("keyspace_hits:".length()).strip());
    }
}
