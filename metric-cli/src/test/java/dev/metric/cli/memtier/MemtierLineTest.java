package dev.metric.cli.memtier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** memtier_benchmark's command line, read as memtier's getopt_long reads it, and the run it means. */
class MemtierLineTest {

    private static MemtierLine parse(String... arguments) {
        return MemtierLine.parse(List.of(arguments));
    }

    /** The value run's option {@code option} gets, the last one given; null when not given. */
    private static String value(MemtierLine line, String option) {
        List<String> run = line.runArguments();
        String value = null;
        for (int at = 0; at + 1 < run.size(); at++) {
            if (run.get(at).equals(option)) {
                value = run.get(at + 1);
            }
        }
        return value;
    }

    /** Every value run's option {@code option} gets, in order. */
    private static List<String> values(MemtierLine line, String option) {
        List<String> run = line.runArguments();
        List<String> values = new ArrayList<>();
        for (int at = 0; at + 1 < run.size(); at++) {
            if (run.get(at).equals(option)) {
                values.add(run.get(at + 1));
            }
        }
        return values;
    }

    @Test
    void memtiersDefaultsAreWrittenOutWhereRunsDiffer() {
        MemtierLine line = parse();

        assertEquals("localhost", value(line, "--host"));
        assertEquals("6379", value(line, "-p"));
        assertEquals("4", value(line, "-t"));
        assertEquals("50", value(line, "-c"));
        assertEquals("10000", value(line, "-n"), "memtier sends 10,000 requests per client without --test-time");
        assertEquals("1:10", value(line, "--ratio"));
        assertEquals("R:R", value(line, "--key-pattern"));
        assertEquals("32", value(line, "-d"));
        assertEquals("memtier-", value(line, "--key-prefix"));
        assertEquals("0", value(line, "--key-minimum"));
        assertEquals("10000000", value(line, "--key-maximum"));
        assertEquals("resp", value(line, "--client"), "RESP written and read on event loops, as memtier's threads do");
        assertEquals("60s", value(line, "--timeout"), "memtier waits for every reply: a minute, not run's 2 s");
        assertEquals(1, line.runs());
        assertNull(line.jsonOutFile());
        assertEquals(List.of(50.0, 99.0, 99.9), line.percentiles().values());
    }

    @Test
    void valuesAreReadInEveryFormGetoptTakesAndTheLastOneCounts() {
        MemtierLine line = parse("-c5", "-t", "2", "--test-time=30", "--key-max", "99", "--key-maximum=100",
                "-Rx", "3", "--print-percentiles", "50,99.99", "--json-out-file=/tmp/out.json", "--hide-histogram");

        assertEquals("5", value(line, "-c"));
        assertEquals("2", value(line, "-t"));
        assertEquals("30", value(line, "--test-time"));
        assertNull(value(line, "-n"), "--test-time bounds the run instead of -n");
        assertEquals("100", value(line, "--key-maximum"), "an abbreviation names its option; the last value counts");
        assertEquals(3, line.runs(), "-R is a flag, so -Rx takes x's value from the next word");
        assertEquals(List.of(50.0, 99.99), line.percentiles().values());
        assertEquals("50,99.99", value(line, "--percentiles"));
        assertEquals(Path.of("/tmp/out.json"), line.jsonOutFile());
    }

    /** Each --command-key-pattern and --command-ratio belongs to the --command before it; R and 1 otherwise. */
    @Test
    void eachCommandTakesThePatternAndRatioThatFollowIt() {
        MemtierLine line = parse("--command", "SET __key__ __data__", "--command-ratio", "2", "--command",
                "GET __key__", "--command=HGETALL __key__", "--command-key-pattern=P", "--command-ratio=5");

        assertEquals(List.of("SET __key__ __data__", "GET __key__", "HGETALL __key__"), values(line, "--command"));
        assertEquals(List.of("R", "R", "P"), values(line, "--command-key-pattern"));
        assertEquals(List.of("2", "1", "5"), values(line, "--command-ratio"));
        assertNull(value(line, "--ratio"), "SET and GET by ratio only without --command");
        assertNull(value(line, "--key-pattern"));
    }

    @Test
    void whatMeansTheSameBecomesRunsOption() {
        MemtierLine line = parse("-s", "10.0.0.1", "-p", "6380", "--pipeline", "4", "--pipeline", "16",
                "--data-size-range", "8-24",
                "-a", "alice:secret", "--select-db", "3", "--cluster-mode", "--protocol", "resp3", "-P", "resp3",
                "--connection-timeout", "5", "--key-pattern", "Z:Z");

        assertEquals("10.0.0.1", value(line, "--host"));
        assertEquals("6380", value(line, "-p"));
        assertEquals(List.of("16"), values(line, "--inflight"), "memtier's pipeline is requests kept in flight, and"
                + " the last one given counts");
        assertEquals(List.of("--host", "10.0.0.1", "-p", "6380"), line.runArguments().subList(0, 4),
                "the server comes first");
        assertEquals("8-24", value(line, "-d"));
        assertEquals("alice", value(line, "--user"));
        assertEquals("secret", value(line, "--password"));
        assertEquals("3", value(line, "--db"));
        assertTrue(line.runArguments().contains("--cluster"));
        assertEquals("lettuce", value(line, "--client"), "a cluster needs a client that follows it");
        assertEquals("3", value(line, "--resp"));
        assertEquals("5s", value(line, "--connect-timeout"));
        assertEquals("1.0", value(line, "--zipf"), "memtier's Z draws with an exponent of 1 unless told");
    }

    /**
     * memtier's -n allkeys is a count per connection: the key maximum less the minimum (so one
     * connection walking the keys leaves the last out, as the suites' keyspacelen checks expect), or
     * with P:P that shared by the connections, and one more.
     */
    @Test
    void allKeysIsTheCountMemtierSendsOnEachConnection() {
        assertEquals("999", value(parse("--key-minimum", "1", "--key-maximum", "1000", "-n", "allkeys", "-c", "1",
                "-t", "1", "--command", "SET __key__ __data__", "--command-key-pattern", "P"), "-n"));
        assertEquals("999", value(parse("--key-minimum", "1", "--key-maximum", "1000", "-n", "allkeys", "-c", "3",
                "-t", "2", "--command", "SET __key__ __data__", "--command-key-pattern", "P"), "-n"),
                "only --key-pattern P:P shares the keys among the connections");
        assertEquals("167", value(parse("--key-minimum", "1", "--key-maximum", "1000", "-n", "allkeys", "-c", "3",
                "-t", "2", "--ratio", "1:0", "--key-pattern", "P:P"), "-n"));
        assertEquals("10000", value(parse("--key-minimum", "1", "--key-maximum", "1", "-n", "allkeys", "-c", "1",
                "-t", "1", "--command", "HSET __key__ f __data__"), "-n"), "one key counts 0, which memtier makes its"
                + " default");
    }

    /** memtier's --rate-limiting is per connection: run's rate is that times every connection, in 20 ms ticks. */
    @Test
    void aRatePerConnectionBecomesTheRateOfAllConnections() {
        MemtierLine line = parse("-t", "2", "-c", "25", "--rate-limiting", "100");

        assertEquals("5000", value(line, "--rate"));
        assertEquals("20ms", value(line, "--rate-tick"));
    }

    @Test
    void optionsMetricDoesAnywayAreTakenWithoutAWord() {
        MemtierLine line = parse("--distinct-client-seed", "--random-data", "--hide-histogram", "--show-config");

        assertFalse(line.runArguments().contains("--distinct-client-seed"));
        assertEquals("10000", value(line, "-n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--foo                       | memtier_benchmark has no option --foo",
        "-q                          | memtier_benchmark has no option -q",
        "--reconnect-interval=5      | --reconnect-interval is not run by metric memtier: metric keeps its connections",
        "--expiry-range=1-10         | --expiry-range is not run by metric memtier: a template sets its own TTL",
        "-S                          | memtier_benchmark's -S needs a value",
        "--data-size-pattern=S       | --data-size-pattern S is not run by metric memtier",
        "--tls=yes                   | memtier_benchmark's --tls takes no value",
        "--key-m                     | --key-m is ambiguous among memtier_benchmark's options: --key-minimum",
        "--command-ratio=2           | belongs to the --command before it, and none came before",
        "--run-count=0               | --run-count: expected a whole number of at least 1, got '0'",
        "--print-percentiles=50,99.8 | --print-percentiles 50,99.8: metric reports percentiles of 50,75",
        "--protocol=memcache_binary  | --protocol memcache_binary is not run by metric memtier",
    })
    void whatMetricCannotRunIsRefusedByName(String argument, String reason) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> parse(argument));
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    }

    /**
     * A suite whose quotes split a template leaves words that are not options: getopt_long moves
     * them to the end, options after them still count, everything after {@code --} is a word, and
     * memtier reads none of them.
     */
    @Test
    void wordsThatAreNotOptionsAreReadPastAsGetoptDoes() {
        MemtierLine line = parse("--command=HSET __key__ name User", "__key__ permissions", "-n", "5", "--", "-c",
                "9");

        assertEquals(List.of("__key__ permissions", "-c", "9"), line.ignored());
        assertEquals("5", value(line, "-n"), "an option after a word is read");
        assertEquals("50", value(line, "-c"), "an option after -- is not");
        assertEquals("HSET __key__ name User", value(line, "--command"));
    }

    @Test
    void memtiersOwnRefusalsHoldToo() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--test-time", "5", "-n", "10"))
                .getMessage().contains("--test-time and --requests are mutually exclusive"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--command", "GET __key__", "--ratio",
                "1:1")).getMessage().contains("with --command, each command's share is its --command-ratio"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--command", "GET __key__",
                "--key-pattern", "R:R")).getMessage().contains("with --command, each command's is its"
                + " --command-key-pattern"));
    }
}
