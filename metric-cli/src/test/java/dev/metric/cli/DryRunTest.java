package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --dry-run prints what each command would do and exits 0 having connected to nothing: a listening
 * socket stands where the server would be, and must never see a connection.
 */
class DryRunTest {

    private ServerSocket listener;
    private String port;

    @TempDir
    Path dir;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        listener.setSoTimeout(1);
        port = Integer.toString(listener.getLocalPort());
    }

    @AfterEach
    void close() throws IOException {
        listener.close();
    }

    @Test
    void mode1SaysWhatItWouldWriteAndDeleteAndTouchesNothing() throws IOException {
        Path json = dir.resolve("r.json");
        CliRun run = CliRun.of("mode1", "2", "3", port, "--flush", "--cleanup", "--load-batch", "16",
                "--json", json.toString(), "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("metric mode1 --dry-run: nothing was connected to, written or deleted\n"),
                run.out());
        assertLine(run, "server", "127.0.0.1:" + port + ", db 0; exit 3 if nothing answers there\n");
        assertLine(run, "keys", "3,072 keys 'metric:...' of 20-200 B, values of 200-2000 B, seed 1: ");
        assertLine(run, "deletes", "FLUSHDB of db 0 first, refused if it holds a key that is not of metric's shape"
                + " under 'metric:', or no marker metric:#metric (--flush); after the run, the keys of metric's shape"
                + " under 'metric:' and then its marker, if the marker is there (--cleanup)");
        assertLine(run, "writes", "3,072 keys with SET, in batches of 16, from 2 threads");
        assertLine(run, "workload", "65,536 warm-up reads, then 1,048,576 measured reads");
        assertLine(run, "files", "--json " + json);
        assertFalse(Files.exists(json), "a dry run writes no result");
        assertNothingConnected();
    }

    @Test
    void memtiersKeyPatternsAreKeyDistributions() {
        CliRun gaussian = CliRun.of("mode2", "1", "4", port, "--key-pattern", "G:G", "--key-median", "100",
                "--dry-run");
        assertEquals(0, gaussian.exitCode(), gaussian.err());
        assertTrue(gaussian.out().contains("keys gaussian, median key 100, standard deviation a sixth of the keys,"),
                gaussian.out());

        CliRun parallel = CliRun.of("run", "2", "4", port, "--command", "GET __key__", "--key-pattern", "p:p",
                "--dry-run");
        assertEquals(0, parallel.exitCode(), parallel.err());
        assertTrue(parallel.out().contains("keys parallel"), parallel.out());

        CliRun ratio = CliRun.of("run", "2", "4", port, "--ratio", "1:10", "--dry-run");
        assertEquals(0, ratio.exitCode(), ratio.err());
        assertTrue(ratio.out().contains("          SET __key__ __value__\n          GET __key__ (weight 10)\n"),
                ratio.out());
        CliRun setsOnly = CliRun.of("run", "2", "4", port, "--ratio", "1:0", "-n", "allkeys", "--dry-run");
        assertEquals(0, setsOnly.exitCode(), setsOnly.err());
        assertTrue(setsOnly.out().contains("          SET __key__ __value__\nfiles"), setsOnly.out());
    }

    @Test
    void mode2ShowsTheResolvedUnitsAndTheServerItWasNamed() throws IOException {
        CliRun run = CliRun.of("mode2", "4", "--keys", "2k", port, "--host", "127.0.0.1", "--rate", "20k",
                "--duration", "2m", "--warmup-time", "7", "--ttl", "1m-2m", "--type", "list", "--elements", "3",
                "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertLine(run, "server", "127.0.0.1:" + port + ", db 0; exit 3 if nothing answers there\n");
        assertLine(run, "keys", "2,048 keys 'metric:...' of 20-200 B, lists of 3 elements of 200-2000 B");
        assertLine(run, "writes", "a preload of 2,048 keys with one EVAL each (RPUSH of every element) and a TTL"
                + " of 60-120 s each");
        assertLine(run, "workload", "at least 7s of warm-up, on until the JIT is quiet, then 120s measured, open loop"
                + " at 20,000 operations/s, keys uniform, 4 threads");
        assertLine(run, "deletes", "nothing\n");
        assertNothingConnected();
    }

    @Test
    void aLocalServerIsStartedOnlyWhenNoServerIsNamedOrWhenAskedFor() throws IOException {
        CliRun unnamed = CliRun.of("mode1", "1", "1", "--dry-run");
        CliRun refused = CliRun.of("mode1", "1", "1", "--no-embedded", "--dry-run");
        CliRun asked = CliRun.of("mode1", "1", "1", "--embedded", "--dry-run");
        CliRun memcached = CliRun.of("mode1", "1", "1", "--embedded", "--protocol", "memcached",
                "--memcached-threads", "2", "--dry-run");

        assertLine(unnamed, "server", "127.0.0.1:6379, db 0 if a server answers there, else a local redis-server"
                + " started on a free port and stopped after the run\n");
        assertLine(refused, "server", "127.0.0.1:6379, db 0; exit 3 if nothing answers there (--no-embedded)\n");
        assertLine(asked, "server", "a local redis-server started on a free port and stopped after the run"
                + " (--embedded)\n");
        assertLine(memcached, "server", "a local memcached (-t 2) started on a free port and stopped after the run"
                + " (--embedded)\n");
        assertNothingConnected();
    }

    @Test
    void aScheduleInTicksSaysSo() throws IOException {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--rate", "5k", "--rate-tick", "0.5ms", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertLine(run, "workload", "at least 5s of warm-up, on until the JIT is quiet, then 60s measured, open loop"
                + " at 5,000 operations/s released in ticks of 0.5 ms, keys uniform, 1 thread");
        assertNothingConnected();
    }

    @Test
    void aSweepNamesItsMatrixAndCreatesNoDirectory() throws IOException {
        Path out = dir.resolve("sweep");
        CliRun run = CliRun.of("sweep", "mode1", "1,4", "1", port, "--client", "lettuce", "--pool-size", "shared,2",
                "--repeat", "2", "--out", out.toString(), "--no-embedded", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertLine(run, "sweep", "[lettuce] x pool sizes [shared, 2] x threads [1, 4], each cell 2 times: 8 runs into "
                + out);
        assertLine(run, "server", "127.0.0.1:" + port + ", db 0; exit 3 if nothing answers there\n");
        assertFalse(Files.exists(out));
        assertNothingConnected();
    }

    @Test
    void badOptionsAreStillRefusedInADryRun() {
        CliRun run = CliRun.of("mode2", "2", "3", port, "--duration", "0", "--dry-run");

        assertEquals(2, run.exitCode());
        assertEquals("", run.out());
        assertTrue(run.err().contains("--duration must be whole seconds"), run.err());
    }

    private static void assertLine(CliRun run, String label, String text) {
        assertTrue(run.out().contains(String.format("%-9s %s", label, text)), run.out());
    }

    private void assertNothingConnected() throws IOException {
        try {
            assertNull(listener.accept(), "no connection");
        } catch (SocketTimeoutException expected) {
            // nothing connected
        }
    }
}
