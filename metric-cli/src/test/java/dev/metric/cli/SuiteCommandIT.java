package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * {@code metric suite} on suites written as redis-benchmarks-specification writes them: set up,
 * loaded, checked and measured on a server metric starts for each, or on one given with --yes; a
 * suite that needs what metric cannot do skipped with why, one whose setup is off failed.
 */
@ExtendWith(LocalRedisExtension.class)
class SuiteCommandIT {

    /** A suite of the specification's shape: configuration, preload, init commands, keyspacelen, a timed client. */
    private static final String HASHES = """
            version: 0.4
            name: hashes-hgetall
            description: 'Loads hashes 1 to 499 as memtier does (-n allkeys on one connection leaves the last
              key out), adds a key and deletes it by init commands, then HGETALL.'
            dbconfig:
              configuration-parameters:
                save: '""'
                hash-max-listpack-entries: '64'
              check:
                keyspacelen: 499
              preload_tool:
                run_image: redislabs/memtier_benchmark:edge
                tool: memtier_benchmark
                arguments: '"--data-size" "10" --command "HSET __key__ f1 __data__ f2 __data__"
                  --command-key-pattern="P" --key-minimum=1 --key-maximum 500 -n allkeys -c 1 -t 1
                  --hide-histogram --key-prefix ""'
              init_commands:
              - '"HSET" "extra:1" "f" "v"'
              - - DEL
                - extra:1
            redis-topologies:
            - oss-standalone
            tested-commands:
            - hgetall
            clientconfig:
              run_image: redislabs/memtier_benchmark:edge
              tool: memtier_benchmark
              arguments: --command "HGETALL __key__" --command-key-pattern="R" --key-minimum=1
                --key-maximum 499 --key-prefix "" --test-time 120 -c 2 -t 1 --hide-histogram
            """;

    private static final String DATASET = """
            name: needs-a-dataset
            dbconfig:
              dataset: https://example.com/dump.rdb
            redis-topologies:
            - oss-standalone
            clientconfig:
              tool: memtier_benchmark
              arguments: --command "GET __key__"
            """;

    private static final String WRONG_COUNT = """
            name: keyspace-off
            dbconfig:
              configuration-parameters:
                save: '""'
              check:
                keyspacelen: 7
              init_commands: 'SET a 1'
            redis-topologies:
            - oss-standalone
            clientconfig:
              tool: memtier_benchmark
              arguments: --command "GET a" -n 10 -c 1 -t 1
            """;

    private static final String CLUSTER_ONLY = """
            name: cluster-only
            dbconfig:
              configuration-parameters:
                save: '""'
            redis-topologies:
            - oss-cluster-3-primaries
            clientconfig:
              tool: memtier_benchmark
              arguments: --command "GET __key__" -n 10
            """;

    private static final String RECONNECTS = """
            name: reconnects
            dbconfig:
              configuration-parameters:
                save: '""'
            redis-topologies:
            - oss-standalone
            clientconfig:
              tool: memtier_benchmark
              arguments: --command "GET __key__" -n 10 --reconnect-interval 5
            """;

    /**
     * Measures a command the server has not (skipped, as the specification's runner does), and one it
     * has, after a preload of one it has not.
     */
    private static final String NEWER_COMMANDS = """
            name: newer-commands
            dbconfig:
              configuration-parameters:
                save: '""'
              preload_tool:
                tool: memtier_benchmark
                arguments: --command "NOSUCHWRITE __key__ __data__" -n 10 -c 1 -t 1
            redis-topologies:
            - oss-standalone
            tested-commands:
            - client|list
            - nosuchcommand
            - get
            clientconfig:
              tool: memtier_benchmark
              arguments: --command "GET __key__" -n 10
            """;

    /**
     * Two tools at once, as the specification's Nclients suites run them: a producer that outlives
     * its consumers by 5 s, and consumers blocked on the list, the exported (last) one.
     */
    private static final String PRODUCER_CONSUMERS = """
            name: producer-consumers
            dbconfig:
              configuration-parameters:
                save: '""'
            redis-topologies:
            - oss-standalone
            clientconfigs:
            - tool: memtier_benchmark
              arguments: --command "LPUSH queue __data__" -c 1 -t 1 --test-time 125 --rate-limiting 500
            - tool: memtier_benchmark
              arguments: --command "BLPOP queue 0" -c 2 -t 1 --test-time 120
            """;

    /** A suite of the topology the specification calls oss-cluster-3-primaries: its lines get --cluster-mode. */
    private static final String ON_A_CLUSTER = """
            name: on-a-cluster
            dbconfig:
              configuration-parameters:
                save: '""'
              check:
                keyspacelen: 300
              preload_tool:
                tool: memtier_benchmark
                arguments: --ratio 1:0 -n allkeys --key-pattern P:P --key-minimum 1 --key-maximum 300 -c 1 -t 1
            redis-topologies:
            - oss-cluster-3-primaries
            clientconfig:
              tool: memtier_benchmark
              arguments: --ratio 0:1 --key-pattern R:R --key-minimum 1 --key-maximum 300 -c 2 -t 1 --test-time 60
            """;

    /** A suite of a primary and its replica, and one whose two servers would not fit in memory. */
    private static final String WITH_A_REPLICA = """
            name: with-a-replica
            dbconfig:
              configuration-parameters:
                save: '""'
              check:
                keyspacelen: 100
              preload_tool:
                tool: memtier_benchmark
                arguments: --ratio 1:0 -n allkeys --key-pattern P:P --key-minimum 1 --key-maximum 100 -c 1 -t 1
              resources:
                requests:
                  memory: %s
            redis-topologies:
            - oss-standalone-01-replicas
            clientconfig:
              tool: memtier_benchmark
              arguments: --ratio 1:1 --key-minimum 1 --key-maximum 100 -c 1 -t 1 --test-time 60
            """;

    private static Path write(Path directory, String name, String text) throws IOException {
        Path file = directory.resolve(name + ".yml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void suitesAreSetUpCheckedAndMeasuredOrSkippedWithWhy(@TempDir Path directory) throws IOException {
        Path suites = Files.createDirectories(directory.resolve("suites"));
        write(suites, "hashes", HASHES);
        write(suites, "dataset", DATASET);
        write(suites, "count", WRONG_COUNT);
        write(suites, "cluster", CLUSTER_ONLY);
        write(suites, "reconnects", RECONNECTS);
        write(suites, "newer", NEWER_COMMANDS);
        Files.writeString(suites.resolve("defaults.yml"), "exporter: {}\n");
        Path out = directory.resolve("out");

        CliRun run = CliRun.of("suite", "--embedded", "--topology", "oss-standalone", "--test-time", "1", "--out",
                out.toString(), suites.toString());

        assertEquals(1, run.exitCode(), "a failed suite fails the command: " + run.out() + run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(7, lines.size(), run.out());
        assertTrue(lines.contains("skipped newer-commands: the server has no NOSUCHCOMMAND (its tested-commands),"
                + " NOSUCHWRITE (its preload's command)"), run.out());
        assertTrue(lines.contains("skipped cluster-only: it runs on oss-cluster-3-primaries, not oss-standalone"
                + " (--topology)"), run.out());
        assertTrue(lines.contains("failed  keyspace-off: keyspacelen: expected 7 keys after the setup, found 1"),
                run.out());
        assertTrue(lines.contains("skipped needs-a-dataset: it starts from a dataset to download"
                + " (https://example.com/dump.rdb)"), run.out());
        assertTrue(lines.contains("skipped reconnects: memtier_benchmark's --reconnect-interval is not run by metric"
                + " memtier: metric keeps its connections for the run"), run.out());
        String hashes = lines.stream().filter(line -> line.contains("hashes-hgetall")).findFirst().orElseThrow();
        assertTrue(hashes.matches("passed  hashes-hgetall: [\\d,]+ ops/s \\(server [\\d,]+\\), p50 .*"), hashes);
        assertEquals("suites: 1 passed, 1 failed, 4 skipped of 6; the table is " + out.resolve("suites.md"),
                lines.get(6));

        JsonNode memtier = new ObjectMapper().readTree(out.resolve("hashes-hgetall.json").toFile());
        assertTrue(memtier.at("/ALL STATS/Hgetalls/Count").asLong() > 0, memtier.toString());
        JsonNode result = ResultSchema.assertValid(out.resolve("hashes-hgetall.metric.json"));
        assertEquals(1.0, result.at("/config/durationSec").asDouble(), "--test-time 1 replaced the suite's 120");
        assertTrue(result.at("/commands/0/serverCalls").asLong() > 0);
        String table = Files.readString(out.resolve("suites.md"));
        assertTrue(table.contains("1 passed, 1 failed, 4 skipped of 6."), table);
        assertTrue(table.contains("| keyspace-off | failed |  |  |  |  | keyspacelen: expected 7 keys"), table);
        assertEquals(7, Files.readAllLines(out.resolve("suites.csv")).size(), "a header and a row per suite");
    }

    /**
     * A suite of several tools runs them together, each beginning its traffic at one moment, the
     * shortened test time keeping the producer's 5 s beyond its consumers, so that none is left
     * blocked at its end; the last tool's figures are the suite's.
     */
    @Test
    void aSuiteOfSeveralToolsRunsThemTogether(@TempDir Path directory) throws IOException {
        Path suite = write(directory, "together", PRODUCER_CONSUMERS);
        Path out = directory.resolve("out");

        CliRun run = CliRun.of("suite", "--embedded", "--test-time", "1", "--out", out.toString(), suite.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        JsonNode consumers = ResultSchema.assertValid(out.resolve("producer-consumers.metric.json"));
        JsonNode producer = ResultSchema.assertValid(out.resolve("producer-consumers.client-0.metric.json"));
        assertEquals(1.0, consumers.at("/config/durationSec").asDouble());
        assertEquals(6.0, producer.at("/config/durationSec").asDouble(), "1 s and its 5 s beyond the consumers");
        assertTrue(consumers.at("/passed").asBoolean(), consumers.toString());
        assertTrue(consumers.at("/commands/0/errors").isIntegralNumber(), consumers.toString());
        assertEquals(0, consumers.at("/commands/0/errors").asLong(), consumers.toString());
        assertTrue(consumers.at("/commands/0/serverCalls").asLong() > 0, consumers.toString());
        String[] starts = {"", ""};
        for (int k = 0; k < 2; k++) {
            String log = Files.readString(out.resolve(k == 0 ? "producer-consumers.client-0.log"
                    : "producer-consumers.log"));
            Matcher at = Pattern.compile("--start-at (\\S+)").matcher(log);
            assertTrue(at.find(), log);
            starts[k] = at.group(1);
        }
        assertEquals(starts[0], starts[1], "both begin at one moment");
    }

    /**
     * --embedded without --topology starts each suite's own: three primaries of a cluster, whose keys
     * are counted together and which memtier's lines reach in cluster mode; a primary and its replica,
     * unless the suite asks for more memory for the two than the machine has.
     */
    @Test
    void eachSuiteRunsOnTheTopologyItNames(@TempDir Path directory) throws IOException {
        Path suites = Files.createDirectories(directory.resolve("suites"));
        write(suites, "cluster", ON_A_CLUSTER);
        write(suites, "replica", WITH_A_REPLICA.formatted("1g"));
        write(suites, "replica-too-big", WITH_A_REPLICA.formatted("100000g").replace("name: with-a-replica",
                "name: too-big-for-two"));
        Path out = directory.resolve("out");

        CliRun run = CliRun.of("suite", "--embedded", "--test-time", "1", "--out", out.toString(), suites.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("passed  on-a-cluster: ")), run.out());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("passed  with-a-replica: ")), run.out());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("skipped too-big-for-two: its 2 servers"
                + " (oss-standalone-01-replicas) each hold its data and ask for 100000g of memory each, more than this"
                + " machine's ")), run.out());
        String log = Files.readString(out.resolve("on-a-cluster.log"));
        assertTrue(log.contains("--cluster"), "memtier's lines in cluster mode: " + log);
        JsonNode cluster = ResultSchema.assertValid(out.resolve("on-a-cluster.metric.json"));
        assertTrue(cluster.at("/commands/0/serverCalls").asLong() > 0, cluster.toString());
    }

    /** --dry-run says which suites would run and why the others would not, touching no server and writing nothing. */
    @Test
    void aDryRunSaysWhatWouldRunAndWhyNot(@TempDir Path directory) throws IOException {
        Path suites = Files.createDirectories(directory.resolve("suites"));
        write(suites, "hashes", HASHES);
        write(suites, "dataset", DATASET);
        write(suites, "reconnects", RECONNECTS);
        Path out = directory.resolve("out");

        CliRun run = CliRun.of("suite", "--dry-run", "--out", out.toString(), suites.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("skipped   needs-a-dataset: it starts from a dataset to download"
                        + " (https://example.com/dump.rdb)", "would run hashes-hgetall",
                "skipped   reconnects: memtier_benchmark's --reconnect-interval is not run by metric memtier: metric"
                        + " keeps its connections for the run", "suites: 1 would run, 2 skipped of 3"),
                run.out().lines().toList());
        assertFalse(Files.exists(out), "a dry run writes nothing");
    }

    /**
     * On the server given, with --yes: emptied before the suite, its configuration set for the suite
     * and put back after it.
     */
    @Test
    void onTheServerGivenTheConfigurationIsPutBack(LocalRedisServer server, @TempDir Path directory)
            throws IOException {
        Path suite = write(directory, "hashes", HASHES);
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.configSet("hash-max-listpack-entries", "100");
            jedis.set("users:key", "x");

            assertEquals(2, CliRun.of("suite", "-p", Integer.toString(server.address().port()), "--out",
                    directory.resolve("refused").toString(), suite.toString()).exitCode(), "not without --yes");
            assertTrue(jedis.exists("users:key"), "nothing deleted without --yes");

            CliRun run = CliRun.of("suite", "-p", Integer.toString(server.address().port()), "--yes", "--test-time",
                    "1", "--out", directory.resolve("out").toString(), suite.toString());

            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertEquals("100", jedis.configGet("hash-max-listpack-entries").get("hash-max-listpack-entries"));
            assertFalse(jedis.exists("users:key"), "emptied before the suite, as --yes allowed");
            assertEquals(499, jedis.dbSize(), "the suite's keys stay");
            jedis.flushAll();
        }
        CliRun again = CliRun.of("suite", "--embedded", "--out", directory.resolve("out").toString(),
                suite.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("is not a new or empty directory"), again.err());
    }
}
