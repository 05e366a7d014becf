package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.breakdown.CommandStats;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/** mode1 against a primary with a replica, from the command line: the replica read back, and bad choices of one. */
@ExtendWith(LocalRedisExtension.class)
class ReplicaCommandIT {

    private static LocalRedisServer primary;
    private static LocalRedisServer replica;
    private static String port;

    @BeforeAll
    static void startPrimaryAndReplica(RedisServers servers) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(1);
        primary = set.primary();
        replica = set.replicas().get(0);
        port = Integer.toString(primary.address().port());
    }

    @Test
    void theReplicaThePrimaryListsIsReadBackAndReported() {
        CliRun plan = CliRun.of("mode1", "1", "1", port, "--db", "1", "--flush", "--dry-run");
        assertEquals(0, plan.exitCode(), plan.err());
        assertTrue(plan.out().contains("replicas  those the server lists in INFO replication: every key of each read"
                + " and checked as on the server, once it has applied the server's writes (at most 60 s)"), plan.out());

        CliRun run = CliRun.of("mode1", "2", "1", port, "--db", "1", "--flush", "--reads", "500", "--warmup", "0");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("replica  " + replica.address() + ": caught up "), run.out());
        assertTrue(run.out().contains("every key once ("), run.out());
        assertTrue(run.out().contains("1,024 of 1,024 keys intact; 0 missing"), run.out());
        assertTrue(run.out().contains("| every key once, replica " + replica.address() + " | 2 |"), run.out());
        assertTrue(run.out().contains("result   every key intact on the primary and on its 1 replica, every read"
                + " verified"), run.out());

        CliRun none = CliRun.of("mode1", "1", "1", port, "--db", "1", "--skip-load", "--reads", "100",
                "--no-replicas");
        assertEquals(0, none.exitCode(), none.err());
        assertTrue(none.out().contains("result   every key intact, every read verified"), none.out());
    }

    @Test
    void mode2ReadsTheReplicaBackAfterItsTraffic() {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "3", "--flush", "--duration", "1", "--warmup", "0",
                "--strict");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("replica  " + replica.address() + ": caught up "), run.out());
        assertTrue(run.out().contains("every key once: 1,024 of 1,024 keys there, 0 values damaged; "), run.out());

        CliRun hashes = CliRun.of("mode2", "1", "1", port, "--db", "3", "--type", "hash", "--replica",
                replica.address().toString());
        assertEquals(2, hashes.exitCode(), hashes.err());
        assertTrue(hashes.err().contains("--replica reads back a Redis primary's string values: not of a cluster,"
                + " memcached, --type or --workload"), hashes.err());
    }

    @Test
    void mode2FollowsEachWriteWithAWaitForItsReplica() {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "4", "--flush", "--duration", "1", "--warmup-time",
                "0", "--num-slaves", "1", "--wait-timeout", "300", "--no-replicas");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("wait     WAIT 1 300 after each write: "), run.out());
        assertTrue(run.out().contains("| WAIT | "), run.out());

        assertRefused("mode2", 2, "--wait: WAIT may block for 3000 ms, not less than the client's --timeout of 2000 ms",
                "--wait", "1,3s");
        assertRefused("mode2", 2, "--num-slaves 1-2: metric waits for one number, not memtier's range of them",
                "--num-slaves", "1-2");
        assertRefused("mode2", 2, "--wait gives the replicas and the timeout: not with --num-slaves or"
                + " --wait-timeout", "--wait", "1", "--num-slaves", "1");
        assertRefused("mode2", 2, "--wait: the replicas a write is to reach must be 1 or more, got 0", "--wait", "0");
    }

    @Test
    void runSendsTheTemplatesOfReadOnlyCommandsToTheReplica() {
        try (Jedis onPrimary = jedis(primary); Jedis onReplica = jedis(replica)) {
            CommandStats primaryBefore = commandStats(onPrimary);
            CommandStats replicaBefore = commandStats(onReplica);

            CliRun run = CliRun.of("run", "1", "1", port, "--db", "5", "--command", "GET __key__", "--command",
                    "SET __key__ __value__", "--read-from", "replicas", "--engine", "threads", "--duration", "1",
                    "--warmup-time", "0");

            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.err().contains("reads: the templates of GET, read-only commands, go to the replicas; the"
                    + " rest to the primary"), run.err());
            CommandStats primaryAfter = commandStats(onPrimary);
            CommandStats replicaAfter = commandStats(onReplica);
            assertTrue(replicaAfter.callsSince(replicaBefore, "get") > 1000, onReplica.info("commandstats"));
            assertTrue(primaryAfter.callsSince(primaryBefore, "get") < 10, onPrimary.info("commandstats"));
            assertTrue(primaryAfter.callsSince(primaryBefore, "set") > 1000, onPrimary.info("commandstats"));
        }
        assertRefused("run", 2, "--read-from sends each lane's reads and writes on two connections: with --engine"
                + " threads", "--command", "GET __key__", "--read-from", "any", "--engine", "loop", "--client",
                "lettuce");
    }

    private static Jedis jedis(LocalRedisServer server) {
        return new Jedis(server.address().host(), server.address().port());
    }

    /** The calls of each command the server has counted so far. */
    private static CommandStats commandStats(Jedis jedis) {
        return CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
    }

    @Test
    void aReplicaNamedWronglyIsOneLineAndNothingRuns() {
        assertRefused(2, "mode1: --replica " + primary.address() + " is not a replica: its role is master",
                "--replica", primary.address().toString());
        assertRefused(2, "expected HOST:PORT, got 'nonsense'", "--replica", "nonsense");
        assertRefused(2, "mode1: --replica and --no-replicas contradict each other", "--replica",
                replica.address().toString(), "--no-replicas");
        assertRefused(2, "--replica reads every key of a replica: not without the check of every key",
                "--replica", replica.address().toString(), "--no-verify-all");
        assertRefused(3, "mode1: cannot talk to a Redis server at 127.0.0.1:1: connection refused", "--replica",
                "127.0.0.1:1");
    }

    private static void assertRefused(int exitCode, String message, String... options) {
        assertRefused("mode1", exitCode, message, options);
    }

    private static void assertRefused(String mode, int exitCode, String message, String... options) {
        String[] args = new String[6 + options.length];
        System.arraycopy(new String[] {mode, "1", "1", port, "--db", "2"}, 0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        CliRun run = CliRun.of(args);
        assertEquals(exitCode, run.exitCode(), run.err());
        assertTrue(run.err().contains(message), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertEquals("", run.out());
    }
}
