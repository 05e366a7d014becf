package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Sentinels;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs through three Sentinels (real {@code redis-server --sentinel} processes) from the command
 * line: the primary they name is where the run goes, and every wrong way of naming them is one line
 * and exit code 2 or 3.
 */
@ExtendWith(LocalRedisExtension.class)
class SentinelCommandIT {

    private static final String MASTER = "cache-primary";

    private static LocalRedisServer primary;
    private static String first;
    private static String second;

    @BeforeAll
    static void startSentinels(RedisServers servers) throws Exception {
        primary = servers.primaryWithReplicas(1).primary();
        // Slow to judge the primary down: nothing here fails it over.
        Sentinels sentinels = servers.sentinels(primary, MASTER, 3, Duration.ofSeconds(30));
        first = sentinels.addresses().get(0).toString();
        second = sentinels.addresses().get(1).toString();
    }

    @Test
    void aRunGoesToThePrimaryTheSentinelsName() {
        CliRun plan = CliRun.of("mode2", "1", "1", "--sentinel", "127.0.0.1:1", "--sentinel", first, "--master",
                MASTER, "--db", "2", "--dry-run");
        assertEquals(0, plan.exitCode(), plan.err());
        assertTrue(plan.out().contains("the primary named " + MASTER + " by the Sentinels at [127.0.0.1:1, " + first
                + "], db 2, asked again by each connection opened after a failover"), plan.out());

        // The first Sentinel named does not answer; the second is asked.
        CliRun run = CliRun.of("mode2", "1", "1", "--sentinel", "127.0.0.1:1", "--sentinel", first, "--master",
                MASTER, "--db", "2", "--flush", "--duration", "1", "--warmup-time", "0", "--strict", "--client",
                "lettuce");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("at " + primary.address() + ", db 2"), run.out());
    }

    @Test
    void sentinelsNamedWronglyAreOneLineAndNothingRuns() {
        assertRefused(2, "mode2: the Sentinel at " + first + " knows no master named nosuch", "--sentinel", first,
                "--master", "nosuch");
        assertRefused(2, "mode2: " + primary.address() + " is not a Sentinel (it answered ERR unknown command",
                "--sentinel", primary.address().toString(), "--master", MASTER);
        assertRefused(3, "mode2: no Sentinel answers: 127.0.0.1:1: ", "--sentinel", "127.0.0.1:1", "--master",
                MASTER);
        assertRefused(2, "--master names the primary the Sentinels watch: give them with --sentinel HOST:PORT",
                "--master", MASTER);
        assertRefused(2, "--sentinel needs --master NAME", "--sentinel", first);
        assertRefused(2, "the Sentinels say where the primary is: leave out --host, --uri and the port argument",
                "--sentinel", first, "--master", MASTER, "--host", "127.0.0.1");

        CliRun replica = CliRun.of("mode2", "1", "1", "--db", "3", "--sentinel", second, "--master", MASTER,
                "--replica", primary.address().toString());
        assertEquals(2, replica.exitCode(), replica.err());
        assertEquals("metric mode2: --replica with --sentinel: a failover swaps the replicas' places, so a run through"
                + " Sentinels reads none back; read them in a run given the primary itself", replica.err().strip());
    }

    private static void assertRefused(int exitCode, String message, String... options) {
        List<String> args = new ArrayList<>(List.of("mode2", "1", "1", "--db", "3", "--duration", "1"));
        args.addAll(List.of(options));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(exitCode, run.exitCode(), run.err());
        assertTrue(run.err().contains(message), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertEquals("", run.out());
    }
}
