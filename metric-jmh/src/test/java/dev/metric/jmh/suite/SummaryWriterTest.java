package dev.metric.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The summary's arithmetic and its words, on scores made by hand so that every expected figure is worked out here. */
class SummaryWriterTest {

    private static final String MACHINE = "2 cores (Test CPU), 24 GiB, Linux";

    @Test
    void splitsARoundTripIntoServerAndNetworkWithTheClientsOwnCosts() {
        List<JmhScore> scores = new ArrayList<>(clientCosts());
        scores.add(roundTrip(1, "redis", 30.0, List.of(29.5, 30.5)));
        scores.add(roundTrip(1, "canned", 24.0, List.of(23.0, 25.0)));

        String summary = SummaryWriter.write(scores, MACHINE);

        // server: 30 - 24 = 6.0, the iterations' medians 29.5..30.5 and 23..25 apart;
        // client: means (300 + 600 + 100) ns x 1.5 = 1.5 us; network: 24 - 1.5 = 22.5
        assertTrue(summary.contains("| jedis:8 | 1 | 30.0 | 24.0 | 6.0 | 1.5 | 22.5 |"), summary);
        assertTrue(summary.contains("| jedis | 1,350 | – | 150 | n/a |"), "means, where no median is asked for");
        assertTrue(summary.contains("| jedis:8 | 4 | – | – | – | – | – |"), "what was not run shows as a dash");
    }

    @Test
    void aDifferenceSmallerThanTheIterationsSpreadIsWithinNoise() {
        List<JmhScore> scores = new ArrayList<>(clientCosts());
        scores.add(roundTrip(1, "redis", 25.0, List.of(22.0, 27.0)));
        scores.add(roundTrip(1, "canned", 24.0, List.of(23.0, 26.0)));

        String summary = SummaryWriter.write(scores, MACHINE);

        assertTrue(summary.contains("| jedis:8 | 1 | 25.0 | 24.0 | within noise | 1.5 | 22.5 |"), summary);
    }

    @Test
    void aResponderSlowerThanRedisNeverGivesANegativeServerTime() {
        List<JmhScore> scores = new ArrayList<>(clientCosts());
        scores.add(roundTrip(4, "redis", 58.9, List.of(57.0, 60.0)));
        scores.add(roundTrip(4, "canned", 180.0, List.of(170.0, 190.0)));

        String summary = SummaryWriter.write(scores, MACHINE);

        assertTrue(summary.contains("| jedis:8 | 4 | 58.9 | 180.0 | responder slower |"), summary);
        assertFalse(summary.contains("| -"), summary);
    }

    @Test
    void oneIterationGivesNoSpreadToJudgeBy() {
        List<JmhScore> scores = List.of(roundTrip(1, "redis", 30.0, List.of(30.0)),
                roundTrip(1, "canned", 20.0, List.of(20.0)));

        assertTrue(SummaryWriter.write(scores, MACHINE).contains("| jedis:8 | 1 | 30.0 | 20.0 | no spread known |"));
    }

    @Test
    void eachLengthOfRunSaysWhatItsFiguresAreWorth() {
        String smoke = SummaryWriter.write(List.of(decodeStatus(0, 2)), MACHINE);
        String shortRun = SummaryWriter.write(List.of(decodeStatus(1, 2)), MACHINE);
        String full = SummaryWriter.write(List.of(decodeStatus(3, 5)), MACHINE);

        assertTrue(smoke.contains("**Smoke run**: 2 measured iteration(s) of 200 ms per benchmark, all in one JVM"),
                smoke);
        assertTrue(shortRun.contains("**Short run**: 2 measured iteration(s) of 200 ms in 1 fork(s) per benchmark"),
                shortRun);
        assertFalse(full.contains("Smoke run") || full.contains("Short run"), full);
        assertTrue(full.contains("Full suite: 5 measured iterations of 200 ms in each of 3 forks per benchmark."),
                full);
        assertTrue(full.contains("machine: " + MACHINE + "."), full);
    }

    private static JmhScore decodeStatus(int forks, int iterations) {
        return score("DecodeBenchmark.decodeStatus", 1, Map.of("client", "jedis"), 40, List.of(), forks, iterations);
    }

    private static List<JmhScore> clientCosts() {
        return List.of(
                score("EncodeBenchmark.encodeGet", 1, Map.of("client", "jedis", "keyBytes", "110"), 300, List.of(),
                        1, 2),
                score("DecodeBenchmark.decodeBulk", 1, Map.of("client", "jedis", "valueBytes", "1100"), 600, List.of(),
                        1, 2),
                score("PoolBenchmark.borrowAndReturn", 1, Map.of("client", "jedis", "poolSize", "8"), 100, List.of(),
                        1, 2));
    }

    private static JmhScore roundTrip(int threads, String server, double median, List<Double> iterationMedians) {
        return score("RoundTripBenchmark.get", threads, Map.of("client", "jedis:8", "server", server), median,
                iterationMedians, 1, 2);
    }

    /** A score whose mean is 1.5 times its median, so that a figure taken from the wrong one shows. */
    private static JmhScore score(String benchmark, int threads, Map<String, String> params, double median,
                                  List<Double> iterationMedians, int forks, int iterations) {
        return new JmhScore(benchmark, threads, params, median * 1.5, median, Double.NaN, iterationMedians, "us/op",
                new JmhScore.Run(forks, iterations, "200 ms", "17", "1.37"));
    }
}
