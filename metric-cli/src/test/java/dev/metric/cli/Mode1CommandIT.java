package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.mode.cache.Mode2Csv;
import dev.metric.mode.verify.Mode1Csv;
import dev.metric.record.Percentiles;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.workload.DataSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

@ExtendWith(LocalRedisExtension.class)
class Mode1CommandIT {

    private static LocalRedisServer server;
    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
        port = Integer.toString(server.address().port());
    }

    /** {@code --json -}: the result is the whole of stdout, for a pipe into jq; the report goes to stderr. */
    @Test
    void jsonToStdoutLeavesTheReportToStderr() throws IOException {
        CliRun run = CliRun.of("mode1", "1", "1", port, "--db", "2", "--reads", "500", "--warmup", "0", "-q",
                "--json", "-");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = ResultSchema.assertValid(new ObjectMapper().readTree(run.out()), "stdout");
        assertEquals("mode1", result.path("mode").asText());
        assertEquals(500, result.at("/verify/latency/count").asLong(), result.toString());
        assertEquals("[\"metric\",\"mode1\",\"1\",\"1\",\"" + port + "\",\"--db\",\"2\",\"--reads\",\"500\","
                + "\"--warmup\",\"0\",\"-q\",\"--json\",\"-\"]", result.path("commandLine").toString());
        JsonNode summary = result.path("summary");
        assertEquals(500, summary.path("operations").asLong(), summary.toString());
        assertEquals(result.at("/verify/readsPerSec").asDouble(), summary.path("opsPerSec").asDouble());
        assertEquals(result.at("/verify/latency/p99Micros").asDouble(), summary.path("p99Micros").asDouble());
        assertEquals("verified", summary.path("verification").asText());
        assertTrue(summary.path("passed").asBoolean());
        assertTrue(run.err().contains("result   every key intact, every read verified"), run.err());
        assertTrue(run.err().lines().anyMatch(line -> line.startsWith("summary  mode1 ")
                && line.contains(" ops/s (500 verified random reads); p50 ")
                && line.endsWith("; 0 errors; values verified; passed")), run.err());
        assertFalse(Files.exists(Path.of("-")), "no file named -");
    }

    @Test
    void jedisRunPrintsTheTableAndExits0() {
        CliRun run = CliRun.of("mode1", "2", "1", port, "--db", "1", "--flush", "--reads", "3000", "--warmup", "100");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("| reads | client threads | rps | 95% latency (ms) |"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.matches(
                "\\| random \\| 2 \\| [0-9,]+ \\| [0-9.]+ \\|.*\\| 0 \\| 0 \\|")), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.matches(
                "\\| every key once \\| 2 \\| [0-9,]+ \\| [0-9.]+ \\|.*\\| 0 \\| 0 \\|")), run.out());
        assertTrue(run.out().contains("checked  every key once, in a shuffled order, after the random reads"),
                run.out());
        assertTrue(run.out().contains("1,024 of 1,024 keys intact; 0 missing, 0 wrong length"), run.out());
        assertTrue(run.out().contains("jedis 8."), run.out());
        assertTrue(run.out().contains("RESP2"), run.out());
        assertTrue(run.out().contains("every read verified"), run.out());
        assertTrue(run.err().contains("flush: FLUSHDB on db 1"), run.err());
        assertTrue(run.out().contains(
                "| command | requests | end to end | client: encode | decode | pool wait | server |"),
                run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| GET | 3,000 | ")), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("| SET | 1,024 | ")), run.out());
    }

    @Test
    void percentilesChooseTheTablesCsvColumnsAndJsonFields(@TempDir Path directory) throws IOException {
        Path csv = directory.resolve("runs.csv");
        Path json = directory.resolve("run.json");
        CliRun run = CliRun.of("mode1", "1", "1", port, "--db", "4", "--flush", "--reads", "2000", "--no-breakdown",
                "--percentiles", "50,90,99.99", "--csv", csv.toString(), "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        String table = run.out().lines().filter(line -> line.startsWith("| reads |")).findFirst().orElseThrow();
        assertEquals("| reads | client threads | rps | 95% latency (ms) | p50 (ms) | p90 (ms) | p99.99 (ms) | max (ms)"
                + " | MB/s | errors | mismatches |", table);
        String random = run.out().lines().filter(line -> line.startsWith("| random |")).findFirst().orElseThrow();
        assertEquals(table.split("\\|").length, random.split("\\|").length, "a cell under every heading: " + random);
        List<String> header = List.of(Files.readAllLines(csv).get(0).split(","));
        assertTrue(header.containsAll(List.of("p50_ms", "p90_ms", "p9999_ms")), header.toString());
        assertFalse(header.contains("p999_ms") || header.contains("p95_ms"), header.toString());
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("[50.0,90.0,99.99]", result.path("percentiles").toString());
        JsonNode latency = result.at("/verify/latency");
        assertTrue(latency.path("p9999Micros").asDouble() >= latency.path("p999Micros").asDouble(), latency.toString());
        assertTrue(latency.has("p95Micros") && latency.has("p90Micros"), "the defaults and the chosen: " + latency);
    }

    @Test
    void csvGetsOneRowPerRunUnderOneHeaderAndRefusesAnotherModesFile(@TempDir Path directory) throws IOException {
        Path csv = directory.resolve("runs.csv");
        for (String threads : new String[] {"1", "2"}) {
            CliRun run = CliRun.of("mode1", threads, "1", port, "--db", "4", "--flush", "--reads", "500",
                    "--no-breakdown", "--csv", csv.toString());
            assertEquals(0, run.exitCode(), run.err());
        }

        List<String> lines = Files.readAllLines(csv);
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertEquals(String.join(",", Mode1Csv.table(Percentiles.DEFAULT).header()), lines.get(0));
        List<String> header = List.of(lines.get(0).split(","));
        for (int row = 1; row <= 2; row++) {
            List<String> cells = List.of(lines.get(row).split(",", -1));
            assertEquals(header.size(), cells.size());
            assertEquals(Integer.toString(row), cells.get(header.indexOf("threads")));
            assertEquals("500", cells.get(header.indexOf("reads")));
            assertEquals("true", cells.get(header.indexOf("passed")));
            assertEquals("", cells.get(header.indexOf("get_server_us")), "no breakdown asked for");
        }

        Path mode2File = directory.resolve("mode2.csv");
        Files.writeString(mode2File, String.join(",", Mode2Csv.table(Percentiles.DEFAULT).header()) + "\n");
        CliRun refused = CliRun.of("mode1", "1", "1", port, "--csv", mode2File.toString());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.err().contains("--csv " + mode2File + " already holds rows under another header"),
                refused.err());
        assertEquals(1, Files.readAllLines(mode2File).size(), "the other file is left as it was");
    }

    @Test
    void markdownPrintsTheRunAsARowOfTheWriteUpsTableAndQuietPrintsNoProgress() {
        CliRun run = CliRun.of("mode1", "3", "1", port, "--db", "5", "--flush", "--reads", "500", "--markdown",
                "--quiet");

        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(3, lines.size(), run.out());
        assertTrue(lines.get(0).startsWith("| server | client | connections | client threads | rps | 95% latency"),
                run.out());
        String row = "\\| redis [0-9.]+ \\| jedis [0-9.]+ \\| 3 \\| 3 \\| [0-9,]+ \\| [0-9.]+ \\|.*\\| 0 \\| 0 \\|";
        assertTrue(lines.get(2).matches(row), run.out());
        assertEquals("", run.err(), "nothing on stderr with --quiet");
    }

    @Test
    void noBreakdownLeavesTheTableOut() {
        CliRun run = CliRun.of("mode1", "1", "1", port, "--db", "3", "--flush", "--reads", "500", "--no-breakdown");

        assertEquals(0, run.exitCode(), run.err());
        assertFalse(run.out().contains("latency breakdown"), run.out());
        assertFalse(run.err().contains("breakdown:"), run.err());
    }

    @Test
    void lettuceRunWritesJson(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("result.json");
        CliRun run = CliRun.of("mode1", "3", "1", port, "--db", "2", "--flush", "--client", "lettuce",
                "--reads", "2000", "--seed", "5", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = ResultSchema.assertValid(json);
        assertTrue(result.at("/passed").asBoolean());
        assertEquals("lettuce", result.at("/client/library").asText());
        assertEquals(3, result.at("/config/threads").asInt());
        assertEquals(5, result.at("/config/data/seed").asInt());
        assertEquals(1024, result.at("/load/keysWritten").asInt());
        assertEquals(2000, result.at("/verify/reads").asInt());
        assertEquals(0, result.at("/verify/mismatches").asInt());
        assertTrue(result.at("/verify/latency/p95Micros").asDouble() > 0);
        assertEquals(server.info().version(), result.at("/server/version").asText());
        String startedAt = result.at("/startedAt").asText();
        assertTrue(startedAt.matches("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z"), startedAt);
        assertEquals("mode1", result.at("/mode").asText());
        assertEquals(server.info().version(), result.at("/serverInfo/before/redis_version").asText());
        assertTrue(result.at("/serverInfo/after/total_commands_processed").asLong()
                > result.at("/serverInfo/before/total_commands_processed").asLong() + 3000, "the run's commands");
        assertEquals("GET", result.at("/breakdown/commands/0/command").asText());
        assertTrue(result.at("/breakdown/commands/0/serverMicros").asDouble() > 0);
        assertTrue(result.at("/breakdown/clientCost/encodeGetNanos").asDouble() > 0);
        assertTrue(result.at("/config/client/busyPoll").isBoolean(), result.at("/config/client").toString());
        assertFalse(result.at("/config/client/busyPoll").booleanValue(), "loops sleep unless asked to poll");
    }

    /** Lettuce's connections on busy-polling loops of metric's read and verify as on loops that sleep. */
    @Test
    void lettuceOnBusyPollingLoopsReadsAndVerifies(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("polling.json");
        CliRun run = CliRun.of("mode1", "2", "1", port, "--db", "11", "--flush", "--client", "lettuce", "--busy-poll",
                "--reads", "2000", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("event loops of metric's busy-polling, 1 connection each"), run.out());
        assertTrue(run.out().contains("1,024 of 1,024 keys intact"), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        assertTrue(result.at("/config/client/busyPoll").booleanValue(), result.at("/config/client").toString());
        assertEquals(2000, result.at("/verify/reads").asInt());
        assertEquals(0, result.at("/verify/mismatches").asInt());
    }

    @Test
    void aValueOverwrittenBetweenLoadAndSkipLoadExits1() {
        assertEquals(0, CliRun.of("mode1", "2", "1", port, "--db", "3", "--flush", "--reads", "100").exitCode());
        DataSet dataSet = DataSet.standard(1, 1024);
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(3);
            jedis.set(dataSet.key(0), "not what metric wrote".getBytes());
        }

        CliRun run = CliRun.of("mode1", "2", "1", port, "--db", "3", "--skip-load", "--reads", "20000");

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("FAILED"), run.out());
        assertTrue(run.out().contains(new String(dataSet.key(0)) + ": wrong length: expected " + dataSet.valueLength(0)
                + " bytes, read 21 bytes"), run.out());
    }

    @Test
    void keysDeletedAndTruncatedAfterTheLoadAreCountedExactlyAndExit1(@TempDir Path directory) throws IOException {
        assertEquals(0, CliRun.of("mode1", "2", "2", port, "--db", "8", "--flush", "--reads", "100").exitCode());
        DataSet dataSet = DataSet.standard(1, 2048);
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(8);
            for (int index = 100; index < 107; index++) {
                jedis.del(dataSet.key(index));
            }
            for (int index = 1000; index < 1003; index++) {
                byte[] value = dataSet.value(index);
                jedis.set(dataSet.key(index), java.util.Arrays.copyOf(value, value.length / 2));
            }
        }

        Path json = directory.resolve("broken.json");
        CliRun run = CliRun.of("mode1", "2", "2", port, "--db", "8", "--skip-load", "--reads", "100", "--json",
                json.toString());

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.out().contains("2,038 of 2,048 keys intact; 7 missing, 3 wrong length, 0 wrong bytes, "
                + "0 another key's value, 0 reads failed, 0 not read"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("result   FAILED: ")
                && line.endsWith("10 of 2,048 keys not intact")), run.out());
        JsonNode result = ResultSchema.assertValid(json);
        long drawnBroken = result.at("/verify/mismatches").asLong();
        JsonNode summary = result.path("summary");
        assertEquals("failed", summary.path("verification").asText(), summary.toString());
        assertEquals(10 + drawnBroken, summary.path("verificationFailures").asLong(),
                "the ten keys broken, and the random reads that drew one of them");
        assertFalse(summary.path("passed").asBoolean());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  mode1 ")
                && line.endsWith("; 0 errors; " + (10 + drawnBroken) + " values NOT as written; FAILED")), run.out());

        CliRun sampled = CliRun.of("mode1", "2", "2", port, "--db", "8", "--skip-load", "--reads", "100",
                "--no-verify-all");
        assertTrue(sampled.out().contains(
                "checked  only the keys the random reads drew (--no-verify-all): keys never drawn were not checked"),
                sampled.out());
        assertFalse(sampled.out().contains("every key once"), sampled.out());
    }

    @Test
    void startsALocalServerWhenAskedAndStopsIt() throws IOException {
        CliRun run = CliRun.of("mode1", "1", "1", "--embedded", "--reads", "500", "--warmup-reads", "0");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("started redis"), run.err());
        assertTrue(run.out().contains("started by metric for this run"), run.out());
        assertFalse(run.err().contains("keys: the run's keys"), "its keys went with the server: " + run.err());
        String address = run.out().lines().filter(line -> line.startsWith("server")).findFirst().orElseThrow();
        int embeddedPort = Integer.parseInt(address.replaceAll(".* at 127\\.0\\.0\\.1:(\\d+),.*", "$1"));
        try (Jedis jedis = new Jedis("127.0.0.1", embeddedPort, 500)) {
            jedis.ping();
            throw new AssertionError("the local server still answers on " + embeddedPort);
        } catch (redis.clients.jedis.exceptions.JedisConnectionException expected) {
            // stopped, as it should be
        }
    }

    @Test
    void flushRefusesForeignKeysUnlessConfirmedAndCleanupLeavesThem() {
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(9);
            jedis.flushDB();
            jedis.set("orders:1", "keep me");
        }

        CliRun refused = CliRun.of("mode1", "1", "1", port, "--db", "9", "--flush", "--reads", "100");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("--flush refused: db 9 of 127.0.0.1:" + port
                + " holds 1 keys metric did not write (of 1; not of the shape metric writes under 'metric:'); nothing"
                + " was deleted"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());

        CliRun cleaned = CliRun.of("mode1", "1", "1", port, "--db", "9", "--cleanup", "--reads", "100");
        assertEquals(0, cleaned.exitCode(), cleaned.err());
        assertTrue(cleaned.err().contains("cleanup: removed 1,024 keys of metric's shape starting with 'metric:' from"
                + " db 9 of 127.0.0.1:" + port + "; then its marker metric:#metric"), cleaned.err());
        assertFalse(cleaned.err().contains("keys: the run's keys"), cleaned.err());

        CliRun confirmed = CliRun.of("mode1", "1", "1", port, "--db", "9", "--flush", "--yes", "--reads", "100");
        assertEquals(0, confirmed.exitCode(), confirmed.err());
        assertTrue(confirmed.err().contains("flush: FLUSHDB on db 9"), confirmed.err());
        assertTrue(confirmed.err().contains("keys: the run's keys, starting with 'metric:', stay in db 9 of 127.0.0.1:"
                + port + "; --cleanup removes a run's keys when it ends"), confirmed.err());
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(9);
            assertEquals(null, jedis.get("orders:1"));
            assertEquals(1025, jedis.dbSize(), "the run's keys and its marker");
        }
    }

    @Test
    void anExactKeyCountUnderAPrefixOfItsOwnIsWrittenCheckedAndCleanedUpByThatPrefix() {
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(10);
            jedis.flushDB();
            jedis.set("orders:1", "keep me");
        }

        CliRun run = CliRun.of("mode1", "2", "--keys", "1500", port, "--db", "10", "--key-prefix", "orders:bench:",
                "--reads", "300");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("1,500 named 'orders:bench:<index>:...'"), run.out());
        assertTrue(run.out().contains("1,500 of 1,500 keys intact"), run.out());
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(10);
            assertEquals(1502, jedis.dbSize());
            assertEquals(1501, jedis.keys("orders:bench:*").size(), "the run's keys and its marker");
        }

        CliRun refused = CliRun.of("mode1", "1", "--keys", "1500", port, "--db", "10", "--key-prefix",
                "orders:bench:", "--flush", "--reads", "100");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("holds 1 keys metric did not write (of 1,502; not of the shape metric"
                + " writes under 'orders:bench:')"), refused.err());

        CliRun cleaned = CliRun.of("mode1", "1", "--keys", "1500", port, "--db", "10", "--key-prefix",
                "orders:bench:", "--skip-load", "--reads", "100", "--cleanup");
        assertEquals(0, cleaned.exitCode(), cleaned.err());
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(10);
            assertEquals(1, jedis.dbSize(), "only the key without the prefix is left");
            assertEquals("keep me", jedis.get("orders:1"));
        }
    }

    /** The case: a one-letter prefix would have reached into an application's {@code user:} keys. */
    @Test
    void aPrefixTooLooseToTellMetricsKeysByIsRefusedForFlushAndCleanupAndDeletesNothing() {
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(11);
            jedis.flushDB();
            jedis.set("user:1", "precious");
            jedis.set("user:2", "precious");
        }

        for (String[] options : new String[][] {{"--key-prefix", "u", "--flush"}, {"--key-prefix", "u", "--cleanup"},
            {"--key-prefix", "user", "--flush"}, {"--key-prefix", "us:", "--cleanup"}}) {
            List<String> args = new ArrayList<>(List.of("mode1", "1", "1", port, "--db", "11", "--reads", "100"));
            args.addAll(List.of(options));
            CliRun refused = CliRun.of(args.toArray(new String[0]));
            assertEquals(2, refused.exitCode(), String.join(" ", options) + ": " + refused.err());
            assertEquals(1, refused.err().strip().lines().count(), refused.err());
            assertTrue(refused.err().contains("tells metric's keys by --key-prefix, and '" + options[1] + "' "),
                    refused.err());
        }
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(11);
            assertEquals(2, jedis.dbSize(), "nothing written, nothing deleted");
        }
    }

    /** An application's own keys under metric's default prefix, in a database no metric run marked. */
    @Test
    void keysUnderThePrefixInADatabaseNoRunMarkedAreNotMetrics() {
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(12);
            jedis.flushDB();
        }
        CliRun first = CliRun.of("mode1", "1", "1", port, "--db", "12", "--reads", "100");
        assertEquals(0, first.exitCode(), first.err());
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(12);
            jedis.del("metric:#metric"); // as if an application had written keys of metric's shape itself
        }

        CliRun refused = CliRun.of("mode1", "1", "1", port, "--db", "12", "--flush", "--reads", "100");
        CliRun notCleaned = CliRun.of("mode1", "1", "1", port, "--db", "12", "--skip-load", "--reads", "100",
                "--cleanup");

        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("holds 1,024 keys of the shape metric writes under 'metric:', but not the"
                + " marker metric:#metric"), refused.err());
        assertEquals(0, notCleaned.exitCode(), notCleaned.err());
        assertTrue(notCleaned.err().contains("cleanup: not done: db 12 of 127.0.0.1:" + port + " holds no marker"),
                notCleaned.err());
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            jedis.select(12);
            assertEquals(1024, jedis.dbSize(), "every key stays");
        }
    }
}
