package dev.metric.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IterationMediansTest {

    @TempDir
    Path dir;

    /** Two forks of two iterations; pairs out of order, as nothing in JMH's format promises an order. */
    private static final String RESULT = """
            [ { "benchmark": "dev.metric.jmh.roundtrip.RoundTripBenchmark.get", "forks": 2,
                "primaryMetric": { "score": 12.0, "scoreUnit": "us/op",
                  "rawDataHistogram": [
                    [ [[10.0, 3], [30.0, 2], [20.0, 1]], [[5.0, 1], [7.0, 1]] ],
                    [ [[40.0, 1]], [[1.0, 1], [2.0, 5], [3.0, 5]] ] ] } },
              { "benchmark": "dev.metric.jmh.encode.EncodeBenchmark.encodeSet",
                "primaryMetric": { "score": 300.0, "scoreUnit": "ns/op" } } ]
            """;

    @Test
    void addsTheLowerMedianOfEveryIterationOfEveryFork() throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, RESULT);

        IterationMedians.annotate(file);

        var results = new ObjectMapper().readTree(file.toFile());
        // 6 samples 10,10,10,20,30,30 -> the 3rd is 10; 5,7 -> 5; 40 -> 40; 1,2x5,3x5 (11) -> the 6th is 2
        assertEquals(List.of(10.0, 5.0, 40.0, 2.0), IterationMedians.read(results.get(0).path("primaryMetric")));
        assertEquals(List.of(), IterationMedians.read(results.get(1).path("primaryMetric")));
        assertEquals(12.0, results.get(0).path("primaryMetric").path("score").asDouble(), "JMH's fields stay");
    }
}
