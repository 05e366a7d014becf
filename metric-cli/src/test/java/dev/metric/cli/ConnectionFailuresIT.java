package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.server.LoopbackPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every way of not reaching a Redis server ends the run at once: one line on stderr, exit code 3. */
class ConnectionFailuresIT {

    private final UnansweringPeers peers = new UnansweringPeers();

    @AfterEach
    void closePeers() throws Exception {
        peers.close();
    }

    @Test
    void refusedConnection() throws Exception {
        String port = Integer.toString(LoopbackPorts.free());
        assertExit3(CliRun.of("mode1", "1", "1", port, "--no-embedded"), "connection refused");
        assertExit3(CliRun.of("mode2", "1", "1", port, "--host", "127.0.0.1"), "connection refused");
    }

    /** A mistyped port must not be benchmarked as a local server metric started in its place. */
    @Test
    void aPortNamedAloneWhereNothingAnswersStartsNoServerInItsPlace() throws Exception {
        String port = Integer.toString(LoopbackPorts.free());
        assertExit3(CliRun.of("mode1", "1", "1", port), "127.0.0.1:" + port + ": connection refused");
        assertExit3(CliRun.of("mode2", "1", "1", port, "--duration", "1"), "connection refused");
        assertExit3(CliRun.of("run", "1", "1", port, "--command", "GET __key__"), "connection refused");
    }

    @Test
    void hostThatDoesNotResolve() {
        assertExit3(CliRun.of("mode1", "1", "1", "--host", "no-such-host.invalid"),
                "unknown host no-such-host.invalid");
    }

    @Test
    void connectTimeout() throws Exception {
        String port = Integer.toString(peers.fullBacklog());
        assertExit3(CliRun.of("mode1", "1", "1", port, "--host", "127.0.0.1", "--connect-timeout", "300ms"),
                "timed out");
    }

    @Test
    void serverThatAcceptsButNeverAnswers() throws Exception {
        String port = Integer.toString(peers.silent());
        assertExit3(CliRun.of("mode2", "1", "1", port, "--host", "127.0.0.1", "--connect-timeout", "300ms"),
                "timed out");
    }

    @Test
    void httpServerInsteadOfRedis() throws Exception {
        String port = Integer.toString(peers.http());
        assertExit3(CliRun.of("mode1", "1", "1", port, "--host", "127.0.0.1"),
                "does not answer as a Redis-protocol server");
    }

    static void assertExit3(CliRun run, String reason) {
        assertEquals(3, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().contains(reason), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(run.err().contains("Exception:") && run.err().contains("\tat "), run.err());
        assertEquals("", run.out());
    }
}
