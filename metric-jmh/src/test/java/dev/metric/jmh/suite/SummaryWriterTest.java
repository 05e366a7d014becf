package dev.metric.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryWriterTest {

    private static Path golden(String name) throws URISyntaxException {
        return Path.of(SummaryWriterTest.class.getResource("/jmh-golden/" + name).toURI());
    }

    /** The JSON files are one real short run of the suite; SUMMARY.md is what was written from them, checked by hand. */
    @Test
    void writesTheSummaryOfARealRunAsCommitted() throws Exception {
        Path directory = golden("SUMMARY.md").getParent();
        String expected = Files.readString(directory.resolve("SUMMARY.md"), StandardCharsets.UTF_8);
        assertEquals(expected, SummaryWriter.write(BenchmarkSuite.readAll(directory)));
    }

    @Test
    void splitsARoundTripIntoServerAndNetworkWithTheClientsOwnCosts() {
        List<JmhScore> scores = List.of(
                score("RoundTripBenchmark.get", 1, Map.of("client", "jedis:8", "server", "redis"), 30.0, "us/op"),
                score("RoundTripBenchmark.get", 1, Map.of("client", "jedis:8", "server", "canned"), 24.0, "us/op"),
                score("EncodeBenchmark.encodeGet", 1, Map.of("client", "jedis", "keyBytes", "110"), 300, "ns/op"),
                score("DecodeBenchmark.decodeBulk", 1, Map.of("client", "jedis", "valueBytes", "1100"), 600, "ns/op"),
                score("PoolBenchmark.borrowAndReturn", 1, Map.of("client", "jedis", "poolSize", "8"), 100, "ns/op"));

        String summary = SummaryWriter.write(scores);

        // medians: server 30 - 24 = 6.0; means: client (300 + 600 + 100) * 1.5 ns = 1.5 us; network 24 - 1.5 = 22.5
        assertTrue(summary.contains("| jedis:8 | 1 | 30.0 | 24.0 | 6.0 | 1.5 | 22.5 |"), summary);
        assertTrue(summary.contains("| jedis | 1,350 | – | 150 | n/a |"), "means, where no median is asked for");
        assertTrue(summary.contains("| jedis:8 | 4 | – | – | – | – | – |"), "what was not run shows as a dash");
    }

    private static JmhScore score(String benchmark, int threads, Map<String, String> params, double score, String unit) {
        // The round trip's median is what the summary compares; give it a mean that differs from it.
        return new JmhScore(benchmark, threads, params, score * 1.5, score, Double.NaN, unit, 2, "200 ms", "17", "1.37");
    }
}
