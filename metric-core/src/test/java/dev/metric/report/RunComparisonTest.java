package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    private static RunPoint point(String server, String series, int threads, double ops, double p95, boolean passed) {
        return point("mode1", Map.of("/config/reads", "1000"), server, series, threads, ops, p95, passed);
    }

    private static RunPoint point(String mode, Map<String, String> workload, String server, String series,
                                  int threads, double ops, double p95, boolean passed) {
        return new RunPoint(Path.of("x.json"), mode, server, series, threads, ops,
                new RunPoint.Latency(p95 / 2, p95, p95 * 2), passed,
                new RunPoint.Provenance("jedis 8.0.2", 2, "2026-11-24"), workload);
    }

    @Test
    void eachGroupShowsTheMedianOfItsRunsAndTheirRange() {
        RunComparison comparison = RunComparison.of(List.of(
                point("redis 7.0", "jedis, pool 8", 4, 300, 0.3, true),
                point("redis 7.0", "jedis, pool 8", 4, 100, 0.1, true),
                point("redis 7.0", "jedis, pool 8", 4, 200, 0.9, false),
                point("redis 7.0", "jedis, pool 8", 1, 50, 0.2, true),
                point("redis 7.0", "jedis, pool 8", 1, 70, 0.4, true)));

        List<RunComparison.Group> groups = comparison.groups();
        assertEquals(2, groups.size());
        RunComparison.Group one = groups.get(0);
        assertEquals(1, one.threads());
        assertEquals(new RunComparison.Range(60, 50, 70), one.opsPerSec(), "an even count: the mean of the middle two");
        RunComparison.Group four = groups.get(1);
        assertEquals(new RunComparison.Range(200, 100, 300), four.opsPerSec());
        assertEquals(new RunComparison.Range(0.3, 0.1, 0.9), four.p95Ms());
        assertEquals(1, four.failed());
        assertEquals("jedis, pool 8", four.label(), "one server: not named");
        assertTrue(comparison.markdown().contains("| jedis, pool 8 | 4 | 3 | 200 (100-300) | 0.300 (0.100-0.900) |"),
                comparison.markdown());
    }

    @Test
    void runsAgainstSeveralServersAreLabelledByServer() {
        RunComparison comparison = RunComparison.of(List.of(
                point("redis 7.0", "jedis, pool 8", 4, 300, 0.3, true),
                point("valkey 8.0", "jedis, pool 8", 4, 350, 0.2, true)));

        assertEquals(List.of("redis 7.0, jedis, pool 8", "valkey 8.0, jedis, pool 8"),
                comparison.groups().stream().map(RunComparison.Group::label).toList());
    }

    @Test
    void runsOfUnlikeWorkloadsAreNeverPooledAndAreLabelledByWhatSetsThemApart() {
        RunComparison comparison = RunComparison.of(List.of(
                point("mode1", Map.of("/config/reads", "1000"), "redis 7.0", "jedis, pool 8", 4, 300, 0.3, true),
                point("mode2", Map.of("/config/writeRatio", "0.1", "/config/ttl", "60"), "redis 7.0",
                        "jedis, pool 8", 4, 100, 0.5, true),
                point("mode2", Map.of("/config/writeRatio", "0.5", "/config/ttl", "60"), "redis 7.0",
                        "jedis, pool 8", 4, 80, 0.6, true),
                point("mode2", Map.of("/config/writeRatio", "0.5", "/config/ttl", "60"), "redis 7.0",
                        "jedis, pool 8", 4, 90, 0.7, true)));

        assertEquals(List.of("mode1, jedis, pool 8", "mode2, writeRatio 0.1, jedis, pool 8",
                        "mode2, writeRatio 0.5, jedis, pool 8"),
                comparison.groups().stream().map(RunComparison.Group::label).toList());
        assertEquals(List.of(1, 1, 2), comparison.groups().stream().map(RunComparison.Group::runs).toList());
    }
}
