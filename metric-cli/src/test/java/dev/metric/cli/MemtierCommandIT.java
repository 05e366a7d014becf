package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.breakdown.CommandStats;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.ScanParams;

/**
 * {@code metric memtier} as memtier_benchmark's users type it, against a redis-server started for
 * these tests: its key names and patterns by the keys the server holds, its command ratios by the
 * server's counts, and its JSON by the paths redis-benchmarks-specification's exporter reads.
 */
@ExtendWith(LocalRedisExtension.class)
class MemtierCommandIT {

    /**
     * The paths of memtier's JSON that redis-benchmarks-specification's exporter reads
     * (test-suites/defaults.yml), for one run and for several; those of other tools
     * ({@code MessageRate}, {@code precision_summary}) left out.
     */
    private static final List<String> ONE_RUN_PATHS = List.of(
            "$.\"ALL STATS\".Runtime.\"Start time\"",
            "$.\"ALL STATS\".Totals.\"Ops/sec\"",
            "$.\"ALL STATS\".Totals.\"Latency\"",
            "$.\"ALL STATS\".Totals.\"Misses/sec\"",
            "$.\"ALL STATS\".Totals.\"Percentile Latencies\".\"p50.00\"",
            "$.\"ALL STATS\".Totals.\"Percentile Latencies\".\"p99.00\"");
    private static final List<String> RUNS_PATHS = List.of(
            "$.\"BEST RUN RESULTS\".Totals.\"Ops/sec\"",
            "$.\"BEST RUN RESULTS\".Totals.\"Latency\"",
            "$.\"BEST RUN RESULTS\".Totals.\"Misses/sec\"",
            "$.\"BEST RUN RESULTS\".Totals.\"Percentile Latencies\".\"p50.00\"",
            "$.\"BEST RUN RESULTS\".Totals.\"Percentile Latencies\".\"p99.00\"",
            "$.\"WORST RUN RESULTS\".Totals.\"Ops/sec\"",
            "$.\"WORST RUN RESULTS\".Totals.\"Latency\"",
            "$.\"WORST RUN RESULTS\".Totals.\"Misses/sec\"",
            "$.\"WORST RUN RESULTS\".Totals.\"Percentile Latencies\".\"p50.00\"",
            "$.\"WORST RUN RESULTS\".Totals.\"Percentile Latencies\".\"p99.00\"",
            "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.\"Ops/sec\"",
            "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.\"Latency\"",
            "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.\"Misses/sec\"",
            "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.\"Percentile Latencies\".\"p50.00\"",
            "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.\"Percentile Latencies\".\"p99.00\"");

    private static final Pattern STEP = Pattern.compile("\\.(\"([^\"]*)\"|[^.\"]+)");

    private static LocalRedisServer server;
    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    private static Jedis jedis(int database) {
        Jedis jedis = new Jedis(server.address().host(), server.address().port());
        jedis.select(database);
        return jedis;
    }

    /** The node a JSONPath of the exporter's form ({@code $."A".B."C"}) names, or null. */
    private static JsonNode at(JsonNode root, String path) {
        assertTrue(path.startsWith("$"), path);
        Matcher step = STEP.matcher(path.substring(1));
        JsonNode node = root;
        int at = 0;
        while (step.find() && node != null) {
            assertEquals(at, step.start(), "a path of steps only: " + path);
            node = node.get(step.group(2) != null ? step.group(2) : step.group(1));
            at = step.end();
        }
        return node;
    }

    private static CliRun memtier(String... arguments) {
        List<String> line = new ArrayList<>(List.of("memtier", "-s", "127.0.0.1", "-p", port));
        line.addAll(List.of(arguments));
        return CliRun.of(line.toArray(String[]::new));
    }

    /**
     * A suite's preload: -n allkeys counts as memtier counts it, so one connection walking the range
     * writes every key but the last (the suites' keyspacelen expects so), named as memtier names them,
     * and nothing else; memtier's JSON answers every path the exporter reads for one run, and metric's
     * own result is beside it.
     */
    @Test
    void allKeysWritesTheRangeByMemtiersNamesAndTheJsonAnswersTheExporter(@TempDir Path directory)
            throws IOException {
        Path json = directory.resolve("preload.json");
        try (Jedis jedis = jedis(1)) {
            CommandStats before = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            CliRun run = memtier("--select-db", "1", "--key-prefix", "", "--key-minimum=1", "--key-maximum", "1000",
                    "--command", "HSET __key__ field:1 __data__ field:2 __data__", "--command-key-pattern=P",
                    "-n", "allkeys", "-c", "1", "-t", "1", "--pipeline", "8", "--data-size", "100",
                    "--hide-histogram", "--distinct-client-seed", "--json-out-file", json.toString());

            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.err().contains("memtier: metric run --host 127.0.0.1 -p " + port), run.err());
            assertEquals(999, jedis.dbSize(), "the range but its last key, and nothing else: no marker of metric's");
            for (int number = 1; number <= 999; number++) {
                assertEquals(2, jedis.hlen(Integer.toString(number)), "key " + number);
            }
            assertEquals(100, jedis.hget("999", "field:2").length());
            assertFalse(jedis.exists("0"));
            assertFalse(jedis.exists("1000"));
            CommandStats after = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            assertEquals(999, after.callsSince(before, "hset"));

            JsonNode memtier = new ObjectMapper().readTree(json.toFile());
            for (String path : ONE_RUN_PATHS) {
                JsonNode value = at(memtier, path);
                assertTrue(value != null && value.isNumber(), path + " in " + memtier);
            }
            assertEquals(999, at(memtier, "$.\"ALL STATS\".Hsets.Count").asLong());
            assertEquals(999, at(memtier, "$.\"ALL STATS\".Totals.Count").asLong());
            assertTrue(at(memtier, "$.\"ALL STATS\".Totals.\"Percentile Latencies\".\"p99.90\"").isNumber());
            assertEquals(1, at(memtier, "$.\"run information\".Threads").asInt());
            assertEquals(999, at(memtier, "$.\"run information\".\"Requests per client\"").asInt());
            JsonNode result = ResultSchema.assertValid(directory.resolve("preload.metric.json"));
            assertEquals(999, result.at("/commands/0/count").asLong());
            assertEquals("HSET", result.at("/commands/0/command").asText());
            assertEquals(1, result.at("/config/data/keyNumbers/first").asLong());
            jedis.flushDB();

            // memtier's SET with P:P shares the keys among the connections: every key, each part walked once
            CommandStats beforeSets = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            assertEquals(0, memtier("--select-db", "1", "--key-prefix", "", "--key-minimum=1", "--key-maximum",
                    "1000", "--ratio", "1:0", "--key-pattern", "P:P", "-n", "allkeys", "-c", "3", "-t", "2")
                    .exitCode());
            assertEquals(1000, jedis.dbSize());
            CommandStats afterSets = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            assertEquals(6 * 167, afterSets.callsSince(beforeSets, "set"), "999 / 6 + 1 on each connection");
            jedis.flushDB();
        }
    }

    /**
     * Each key pattern's keys, by what INCR left on the server: S walks the range from its first key,
     * P gives each connection its own part and walks it, R reaches keys of the range only, G gathers
     * round the median, Z favours the first key.
     */
    @Test
    void eachKeyPatternDrawsTheKeysMemtiersDoes() {
        try (Jedis jedis = jedis(2)) {
            assertEquals(0, memtier("--select-db", "2", "--key-prefix", "s:", "--key-minimum", "1", "--key-maximum",
                    "100", "--command", "INCR __key__", "--command-key-pattern", "S", "-n", "150", "-c", "1", "-t",
                    "1").exitCode());
            for (int number = 1; number <= 100; number++) {
                assertEquals(number <= 50 ? "2" : "1", jedis.get("s:" + number), "S wraps round after the last key");
            }

            assertEquals(0, memtier("--select-db", "2", "--key-prefix", "p:", "--key-minimum", "1", "--key-maximum",
                    "100", "--command", "INCR __key__", "--command-key-pattern", "P", "-n", "10", "-c", "2", "-t",
                    "1").exitCode());
            for (int number = 1; number <= 100; number++) {
                boolean walked = number <= 10 || number >= 51 && number <= 60;
                assertEquals(walked ? "1" : null, jedis.get("p:" + number), "two connections, each from its part's"
                        + " first key");
            }

            assertEquals(0, memtier("--select-db", "2", "--key-prefix", "r:", "--key-minimum", "11",
                    "--key-maximum", "20", "--command", "INCR __key__", "-n", "2000", "-c", "1", "-t", "1")
                    .exitCode());
            long reached = 0;
            for (int number = 11; number <= 20; number++) {
                reached += Long.parseLong(jedis.get("r:" + number));
            }
            assertEquals(2000, reached, "R draws within the range only");
            assertNull(jedis.get("r:10"));
            assertNull(jedis.get("r:21"));

            assertEquals(0, memtier("--select-db", "2", "--key-prefix", "g:", "--key-minimum", "1", "--key-maximum",
                    "600", "--command", "INCR __key__", "--command-key-pattern", "G", "-n", "3000", "-c", "1", "-t",
                    "1").exitCode());
            long nearMedian = 0;
            for (int number = 201; number <= 400; number++) {
                String count = jedis.get("g:" + number);
                nearMedian += count == null ? 0 : Long.parseLong(count);
            }
            // a sixth of the keys either side of the middle holds about 68% of the draws
            assertTrue(nearMedian > 0.6 * 3000 && nearMedian < 0.76 * 3000, "G near the median: " + nearMedian);

            assertEquals(0, memtier("--select-db", "2", "--key-prefix", "z:", "--key-minimum", "1", "--key-maximum",
                    "1000", "--command", "INCR __key__", "--command-key-pattern", "Z", "-n", "3000", "-c", "1", "-t",
                    "1").exitCode());
            long first = Long.parseLong(jedis.get("z:1"));
            String second = jedis.get("z:2");
            // exponent 1 over 1,000 keys: the first takes 1/H(1000) = 13% of the draws, twice the second's
            assertTrue(first > 0.10 * 3000 && first < 0.16 * 3000, "Z's first key: " + first);
            assertTrue(second != null && first > 1.5 * Long.parseLong(second), first + " against " + second);
            jedis.flushDB();
        }
    }

    /**
     * --command-ratio sends the commands in turn, as memtier does, and --ratio shares memtier's own
     * SET and GET; with --run-count the JSON has the best, worst and aggregated runs the exporter reads.
     */
    @Test
    void commandRatiosAreWhatTheServerCountsAndRunsAreAggregated(@TempDir Path directory) throws IOException {
        try (Jedis jedis = jedis(3)) {
            CommandStats before = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            assertEquals(0, memtier("--select-db", "3", "--command", "SET __key__ __data__", "--command-ratio", "1",
                    "--command", "GET __key__", "--command-ratio", "3", "--key-maximum", "500", "-n", "2000", "-c",
                    "2", "-t", "2").exitCode());
            CommandStats after = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
            long sets = after.callsSince(before, "set");
            long gets = after.callsSince(before, "get");
            assertEquals(8000, sets + gets, "2,000 requests on each of 4 connections");
            assertEquals(2000, sets, "in turn, as memtier sends them: a quarter exactly, where drawn at random"
                    + " they would be 2,000 give or take 39");

            assertEquals(0, memtier("--select-db", "3", "--command", "APPEND order a", "--command-ratio", "2",
                    "--command", "APPEND order b", "-n", "9", "-c", "1", "-t", "1").exitCode());
            assertEquals("aabaabaab", jedis.get("order"), "each command its ratio's times in a row, from the first");

            CliRun transactions = memtier("--select-db", "3", "--command", "MULTI", "--command", "INCR counted",
                    "--command", "EXEC", "-n", "30", "--pipeline", "3", "-c", "1", "-t", "1", "--json-out-file",
                    directory.resolve("tx.json").toString());
            assertEquals(0, transactions.exitCode(), transactions.err());
            assertEquals("10", jedis.get("counted"), "ten transactions of one INCR each");
            JsonNode templates = new ObjectMapper().readTree(directory.resolve("tx.metric.json").toFile())
                    .at("/templates");
            assertEquals(10, templates.at("/1/replyTypes/string").asLong(), "each INCR its own QUEUED: " + templates);
            assertEquals(10, templates.at("/2/replyTypes/array").asLong(), "each EXEC an array: " + templates);

            Path json = directory.resolve("runs.json");
            CliRun runs = memtier("--select-db", "3", "--ratio", "1:4", "--key-maximum", "500", "-n", "300", "-c",
                    "1", "-t", "1", "--run-count", "3", "--json-out-file", json.toString());
            assertEquals(0, runs.exitCode(), runs.err());
            assertTrue(runs.err().contains("memtier: run 3 of 3: metric run "), runs.err());
            JsonNode memtier = new ObjectMapper().readTree(json.toFile());
            for (String path : RUNS_PATHS) {
                JsonNode value = at(memtier, path);
                assertTrue(value != null && value.isNumber(), path + " in " + memtier);
            }
            assertNull(memtier.get("ALL STATS"), "several runs have no ALL STATS, as memtier's");
            assertEquals(900, at(memtier, "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Totals.Count").asLong());
            JsonNode gets3 = at(memtier, "$.\"AGGREGATED AVERAGE RESULTS (3 runs)\".Gets");
            assertTrue(gets3.get("Hits/sec").asDouble() + gets3.get("Misses/sec").asDouble() > 0, gets3.toString());
            for (int run = 1; run <= 3; run++) {
                assertTrue(Files.exists(directory.resolve("runs.run-" + run + ".metric.json")), "run " + run);
            }
            jedis.flushDB();
        }
    }

    /**
     * --scan-incremental-iteration: each SCAN the server saw (MONITOR) took the cursor the one before
     * it returned, as the server returns it again for that cursor, and began at 0 after a 0.
     */
    @Test
    void scanFollowsItsCursor() throws InterruptedException {
        try (Jedis jedis = jedis(4); Jedis monitor = jedis(0)) {
            for (int i = 0; i < 500; i++) {
                jedis.set("scan:" + i, "v");
            }
            List<String> cursors = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch watching = new CountDownLatch(1);
            Pattern scan = Pattern.compile("\"SCAN\" \"([0-9]+)\"");
            Thread watcher = new Thread(() -> {
                try {
                    monitor.monitor(new JedisMonitor() {
                        @Override
                        public void onCommand(String command) {
                            Matcher cursor = scan.matcher(command);
                            if (cursor.find()) {
                                cursors.add(cursor.group(1));
                            } else if (command.contains("\"watching\"")) {
                                watching.countDown();
                            }
                        }
                    });
                } catch (JedisConnectionException closed) {
                    // the test closed the connection: monitoring ends
                }
            });
            watcher.start();
            while (!watching.await(10, TimeUnit.MILLISECONDS)) {
                jedis.echo("watching");
            }

            CliRun run = memtier("--select-db", "4", "--command", "SCAN 0 COUNT 50", "--scan-incremental-iteration",
                    "-n", "40", "-c", "1", "-t", "1");

            assertEquals(0, run.exitCode(), run.err());
            monitor.getClient().close();
            watcher.join();
            assertEquals(40, cursors.size(), cursors.toString());
            assertEquals("0", cursors.get(0));
            for (int i = 0; i + 1 < cursors.size(); i++) {
                String returned = jedis.scan(cursors.get(i), new ScanParams().count(50)).getCursor();
                assertEquals(returned, cursors.get(i + 1), "SCAN " + (i + 1) + " of " + cursors);
            }
            assertTrue(cursors.stream().filter("0"::equals).count() > 1, "walks begun again: " + cursors);
            jedis.flushDB();
        }
    }
}
