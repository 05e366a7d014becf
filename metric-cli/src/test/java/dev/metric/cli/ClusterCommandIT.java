package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisCluster;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster options as a user gives them: a local cluster started and stopped, a cluster URI,
 * a missing --cluster.
 */
@ExtendWith(LocalRedisExtension.class)
class ClusterCommandIT {

    private static final Pattern STARTED =
            Pattern.compile("started a cluster of 3 masters, .* on (\\S+), (\\S+), (\\S+);");

    @Test
    void anEmbeddedClusterRunsMode1ReportsEachMastersShareAndIsStoppedAfterwards(@TempDir Path directory)
            throws Exception {
        Path json = directory.resolve("run.json");
        CliRun run = CliRun.of("mode1", "2", "2", "--embedded-cluster", "3", "--reads", "3000", "--warmup", "100",
                "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        Matcher started = STARTED.matcher(run.err());
        assertTrue(started.find(), run.err());
        assertTrue(run.out().contains("nodes    3 masters"), run.out());
        JsonNode nodes = ResultSchema.assertValid(json).get("nodes");
        assertEquals(3, nodes.size(), nodes.toString());
        long operations = 0;
        for (JsonNode node : nodes) {
            assertTrue(node.get("operations").asLong() > 0, nodes.toString());
            operations += node.get("operations").asLong();
        }
        assertTrue(operations >= 2048 + 3000, "every write and read ran on some master: " + nodes);
        for (int i = 1; i <= 3; i++) {
            String[] hostAndPort = started.group(i).replace(",", "").split(":");
            assertThrows(IOException.class, () -> connect(hostAndPort[0], Integer.parseInt(hostAndPort[1])),
                    "the cluster is stopped when the run ends");
        }
    }

    @Test
    void aClusterUriRunsMode2AndARunWithoutClusterIsToldToAddIt(LocalRedisCluster cluster) throws Exception {
        String node = cluster.address().toString();
        CliRun run = CliRun.of("mode2", "2", "1", "--uri", "redis+cluster://" + node, "--client", "lettuce",
                "--duration", "2", "--warmup", "0");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("nodes    3 masters"), run.out());

        CliRun plain = CliRun.of("mode2", "2", "1", "--uri", "redis://" + node, "--duration", "2");
        assertEquals(3, plain.exitCode(), plain.err());
        assertEquals("", plain.out());
        assertTrue(plain.err().contains("is a node of a Redis Cluster, which would answer most keys with MOVED:"
                + " add --cluster"), plain.err());
    }

    private static void connect(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
        }
    }
}
