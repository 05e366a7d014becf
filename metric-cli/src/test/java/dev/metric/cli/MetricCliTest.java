package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MetricCliTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "mode1 0 5                         | threads must be 1..1000, got 0",
        "mode1 -1 5                        | threads must be 1..1000, got -1",
        "mode1 1001 5                      | threads must be 1..1000, got 1001",
        "mode1 abc 5                       | 'abc' is not an int",
        "mode1 2 0                         | kkeys must be 1..2097151, got 0",
        "mode1 2 -5                        | kkeys must be 1..2097151, got -5",
        "mode1 2 abc                       | 'abc' is not an int",
        "mode1 2 2097152                   | kkeys must be 1..2097151, got 2097152",
        "mode1 2 99999999999               | is not an int",
        "mode1 2 5 0                       | port must be 1..65535, got 0",
        "mode1 2 5 70000                   | port must be 1..65535, got 70000",
        "mode1 2 5 abc                     | 'abc' is not an int",
        "mode1 2 5 --client foo            | unknown client 'foo', expected jedis or lettuce",
        "mode1 2 5 --pool-size 0           | --pool-size must be at least 1, got 0",
        "mode1 2 5 --flush --skip-load     | --flush and --skip-load contradict each other",
        "mode1 2 5 --pipeline 0            | pipeline must be at least 1, got 0",
        "mode1 2 5 --reads 0               | reads must be at least 1, got 0",
        "mode1 2 5 --warmup -1             | warm-up reads must be 0 or more, got -1",
        "mode1 2 5 --db -1                 | database must be >= 0, got -1",
        "mode1 2 5 --bogus                 | Unknown option: '--bogus'",
        "mode1 2                           | Missing required parameter: '<kkeys>'",
        "mode1 2 5 --json /nonexistent/r.json | directory /nonexistent does not exist or is not writable",
        "mode9                             | Unmatched argument at index 0: 'mode9'",
    })
    void badInputIsOneLineAndExitCode2(String commandLine, String expected) {
        CliRun run = CliRun.of(commandLine.strip());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void helpExplainsKkeysAndListsTheExitCodes() {
        CliRun run = CliRun.of("mode1", "--help");

        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("One k is 1024 keys"), run.out());
        assertTrue(run.out().contains("Exit codes:"), run.out());
        for (String code : new String[] {"0", "1", "2", "3"}) {
            assertTrue(run.out().lines().anyMatch(line -> line.strip().startsWith(code + " ")), run.out());
        }
        for (String option : new String[] {"--host", "--client", "--pool-size", "--reads", "--warmup", "--seed",
            "--pipeline", "--db", "--flush", "--skip-load", "--no-embedded", "--json"}) {
            assertTrue(run.out().contains(option), option);
        }
    }

    @Test
    void rootHelpListsMode1() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("mode1"), run.out());
    }
}
