package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code metric bench} as a redis-benchmark user types it, against a redis-server started for these tests. */
@ExtendWith(LocalRedisExtension.class)
class BenchCommandIT {

    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        port = Integer.toString(local.address().port());
    }

    /**
     * The tests run in the order -t gives, a row each, every request answered without an error:
     * INCR after SET and GET after LPUSH fail unless each family has keys of its own. The server
     * counts each test's command as metric does, and LPOP pops no more than LPUSH pushed.
     */
    @Test
    void eachTestRunsInTurnWithARowCountedByTheServer(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("bench.json");
        Path csv = directory.resolve("bench.csv");
        CliRun run = CliRun.of("bench", "1", "--keys", "500", port, "--db", "3", "-t", "set,incr,lpush,get,lpop",
                "--duration", "1", "--warmup-time", "0", "--flush", "--json", json.toString(), "--csv", csv.toString(),
                "--hdr-log", directory.resolve("bench.hlog").toString());

        assertEquals(0, run.exitCode(), run.err() + run.out());
        JsonNode result = ResultSchema.assertValid(json);
        List<String> order = List.of("set", "incr", "lpush", "get", "lpop");
        List<String> ran = new ArrayList<>();
        for (JsonNode test : result.at("/tests")) {
            ran.add(test.at("/test").asText());
            JsonNode row = test.at("/run/templates/0");
            long count = row.at("/count").asLong();
            assertTrue(count > 0, test.toString());
            assertEquals(0, row.at("/errors").asLong(), test.at("/run/firstError").asText());
            assertTrue(Math.abs(row.at("/serverCalls").asLong() - count) <= 1,
                    "the server counted what metric sent, but for the request in flight at either edge: " + row);
        }
        assertEquals(order, ran);
        long pushed = result.at("/tests/2/run/templates/0/replyTypes/integer").asLong();
        long popped = result.at("/tests/4/run/templates/0/replyTypes/string").asLong();
        assertTrue(popped > 0 && popped <= pushed, "LPOP took what LPUSH left: " + popped + " of " + pushed);
        assertEquals(result.at("/tests/4/run/templates/0/count").asLong(), popped
                + result.at("/tests/4/run/templates/0/replyTypes/nil").asLong(), "the rest of LPOP's replies are nil");
        assertEquals(result.at("/tests/0/run/templates/0/count").asLong() + result.at("/tests/1/run/templates/0/count")
                .asLong() + result.at("/tests/2/run/templates/0/count").asLong() + result.at("/tests/3/run/templates/0"
                + "/count").asLong() + result.at("/tests/4/run/templates/0/count").asLong(),
                result.at("/summary/operations").asLong(), "the summary counts every test's requests");

        List<String> report = run.out().lines().filter(line -> line.startsWith("| ") && line.contains("`"))
                .map(line -> line.substring(2, line.indexOf(" |", 2))).toList();
        assertEquals(order, report, run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("summary  bench ")
                && line.endsWith("; 0 errors; values not verified; passed")), run.out());
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.get(0).endsWith(",passed,test"), rows.get(0));
        assertEquals(order, rows.subList(1, rows.size()).stream().map(row -> row.substring(row.lastIndexOf(',') + 1))
                .toList());
        assertTrue(Files.readString(directory.resolve("bench.hlog")).contains("Tag=t1,"));
    }

    /** --find-max searches each test on its own; each has its answer and what stopped its search. */
    @Test
    void findMaxGivesEachTestItsAnswer() {
        CliRun run = CliRun.of("bench", "1", "--keys", "500", port, "--db", "4", "-t", "get", "--find-max", "--slo",
                "p99=500ms", "--rate", "500", "--max-steps", "3", "--step-duration", "1s", "--warmup-time", "0");

        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("find-max get: 3 steps of 1 s, objectives [p99 <= 500 ms]"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.startsWith("answer   ")
                && line.contains(" ops/s is the highest rate that met [p99 <= 500 ms] twice")), run.out());
        assertTrue(run.out().contains("limit    the step budget (--max-steps)"), run.out());
    }

    /** redis-benchmark's own -t names that are no test here are refused by name, before any server is touched. */
    @Test
    void aTestItCannotRunIsOneLineAndExitTwo() {
        CliRun run = CliRun.of("bench", "1", "--keys", "500", port, "-t", "set,lrange_600");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("-t lrange_600: not a test of metric bench: its lists of 100 to 600 elements"),
                run.err());
    }

    /** --threads gives the threads, as redis-benchmark's does, and the arguments then start at the keys. */
    @Test
    void threadsAreGivenByTheirLongNameForTOnlyNamesTests() {
        CliRun run = CliRun.of("bench", "--threads", "3", "2", port, "-t", "get", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("a pool of 3 connections (one per thread)"), run.out());
        assertTrue(run.out().contains("2,048 keys"), run.out());
        assertTrue(run.out().contains("get      GET __key__"), run.out());
    }
}
