package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.record.IntervalLog;
import dev.metric.report.Mode2Report;
import dev.metric.server.LocalRedisServer;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** mode2 against a real redis-server started for these tests; each test uses its own db. */
class Mode2RunnerIT {

    private static final long SEED = 21;
    private static LocalRedisServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = LocalRedisServer.startOnFreePort();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static Mode2Config config(ClientLibrary library, int poolSize, int database, TtlRange ttl,
                                      double writeRatio, int inflight, Duration duration, double rate,
                                      Mode2Config.Search search) {
        ClientSettings settings = new ClientSettings(server.address(), database, poolSize,
                Duration.ofSeconds(2), Duration.ofSeconds(10));
        return new Mode2Config(library, settings, 2, 1, SEED, FlushPolicy.ALWAYS, false, ttl, writeRatio, duration, Duration.ZERO,
                1, inflight, new KeyDistribution.Uniform(), rate, search, true, Duration.ofMillis(500));
    }

    private static Mode2Result run(Mode2Config config, Consumer<String> progress) throws InterruptedException {
        return new Mode2Runner(config, true, progress, IntervalLog.NONE, new RunControl()).run();
    }

    @Test
    void expiredKeysMissAreRefilledAndTheServerCountsTheSame() throws Exception {
        Mode2Result result = run(config(ClientLibrary.LETTUCE, 0, 1, new TtlRange(1, 2), 0.1, 4,
                Duration.ofSeconds(4), 0, null), line -> { });

        PhaseResult measured = result.measured();
        long hits = measured.figures(OpKind.GET_HIT).count();
        long misses = measured.figures(OpKind.GET_MISS).count();
        assertTrue(result.passed(), Mode2Report.render(result));
        assertTrue(misses > 0, "keys with TTLs of 1-2 s expire during a 4 s run");
        assertEquals(misses, measured.figures(OpKind.REFILL).count(), "every miss is refilled");
        assertEquals(hits, result.serverDelta().keyspaceHits(), "the server counts the same hits");
        assertEquals(misses, result.serverDelta().keyspaceMisses(), "the server counts the same misses");
        assertTrue(result.serverDelta().expiredKeys() > 0);
        long operations = Arrays.stream(OpKind.values()).mapToLong(kind -> measured.figures(kind).count()).sum();
        assertEquals(operations, measured.all().count());
        assertEquals(operations, result.serverDelta().commands() - 1, "every command but the closing INFO is ours");
        assertEquals(hits / (double) (hits + misses), measured.hitRatio(), 1e-12);

        List<LatencyBreakdown> breakdown = result.breakdown().commands();
        assertEquals(List.of("GET", "SETEX"), breakdown.stream().map(LatencyBreakdown::command).toList());
        assertEquals(hits + misses, breakdown.get(0).requests());
        assertEquals(operations - hits - misses, breakdown.get(1).requests(), "scheduled writes and refills");
        for (LatencyBreakdown command : breakdown) {
            assertTrue(command.serverMicros() > 0 && command.clientMicros() > 0, command.toString());
        }
    }

    @Test
    void theWriteRatioHoldsWithinStatisticalBounds() throws Exception {
        double writeRatio = 0.3;
        Mode2Result result = run(config(ClientLibrary.JEDIS, 2, 2, new TtlRange(600, 600), writeRatio, 1,
                Duration.ofSeconds(2), 0, null), line -> { });

        PhaseResult measured = result.measured();
        long writes = measured.figures(OpKind.SETEX).count();
        long scheduled = measured.scheduledOps();
        assertEquals(scheduled, writes + measured.figures(OpKind.GET_HIT).count()
                + measured.figures(OpKind.GET_MISS).count(), "scheduled operations are GETs and SETEXs");
        assertTrue(scheduled > 1000, "enough operations to judge: " + scheduled);
        double sd = Math.sqrt(writeRatio * (1 - writeRatio) / scheduled);
        assertEquals(writeRatio, (double) writes / scheduled, 5 * sd, "share of SETEX among " + scheduled);
        assertEquals(0, measured.figures(OpKind.GET_MISS).count(), "nothing expires with a 600 s TTL");
        assertTrue(result.passed());
    }

    @Test
    void aValueCorruptedBehindTheToolsBackIsCaught() throws Exception {
        int database = 3;
        DataSet dataSet = DataSet.standard(SEED, 1024);
        VersionedValues values = new VersionedValues(dataSet);
        Consumer<String> corruptWhenMeasuring = line -> {
            if (line.startsWith("measure: ") && line.contains("closed loop")) {
                try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                    jedis.select(database);
                    jedis.set(dataSet.key(1), "not a value metric wrote".getBytes());
                    byte[] intact = values.value(2, 0);
                    jedis.set(dataSet.key(2), Arrays.copyOf(intact, intact.length - 10));
                    jedis.set(dataSet.key(3), values.value(4, 0));
                }
            }
        };

        Mode2Result result = run(config(ClientLibrary.JEDIS, 2, database, new TtlRange(600, 600), 0, 1,
                Duration.ofSeconds(2), 0, null), corruptWhenMeasuring);

        assertFalse(result.passed());
        assertTrue(result.verificationFailures() >= 3, "failures: " + result.verificationFailures());
        List<Mismatch> first = result.measured().firstFailures();
        Set<Verdict> verdicts = first.stream().map(Mismatch::verdict).collect(Collectors.toSet());
        assertEquals(Set.of(Verdict.MALFORMED, Verdict.WRONG_LENGTH, Verdict.OTHER_KEY), verdicts, first.toString());
    }

    /**
     * The confirmation rule against a real server: with an objective any healthy step meets
     * (p99 of 1 s), the server is paused for longer than that during the fourth step, at 1,600
     * ops/s, and again during the search's first confirmation. The first pause is a failure that
     * bounds the search; the second makes the rate being confirmed fail, which must then never be
     * the answer, however well it did the first time: the answer is a lower rate that passed
     * twice and never failed. Lettuce keeps sending into the paused server, 2 threads of 16 in
     * flight, so that more than 1% of a step's operations wait out the pause on the server:
     * service time shows it.
     */
    @Test
    void aRateCountsOnlyWhenItPassedTwiceAndAFailedConfirmationIsNotTheAnswer() throws Exception {
        int database = 4;
        Mode2Config.Search search = new Mode2Config.Search(List.of(Slo.parse("p99=1s")), 20, Duration.ofSeconds(1));
        int[] confirmations = {0};
        Consumer<String> pauseTwice = line -> {
            boolean fourth = line.startsWith("find-max: step 4 at");
            boolean firstConfirmation = line.startsWith("find-max: step") && line.contains("(confirm)")
                    && confirmations[0]++ == 0;
            if (fourth || firstConfirmation) {
                try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                    jedis.clientPause(1500);
                }
            }
        };

        Mode2Result result = run(config(ClientLibrary.LETTUCE, 0, database, new TtlRange(600, 600), 0.1, 16,
                Duration.ofSeconds(1), 200, search), pauseTwice);

        List<SearchStep> steps = result.steps();
        SearchStep paused = steps.get(3);
        assertEquals(1600, paused.targetOpsPerSec());
        assertFalse(paused.passed());
        assertEquals(CapacitySearch.Limit.SERVER, paused.limit(),
                "a paused server is slow to serve, not a late client");
        SearchStep failedConfirmation = steps.stream().filter(step -> step.purpose() == CapacitySearch.Purpose.CONFIRM)
                .findFirst().orElseThrow();
        assertFalse(failedConfirmation.passed());
        assertTrue(steps.stream().anyMatch(step -> step.targetOpsPerSec() == failedConfirmation.targetOpsPerSec()
                && step.passed()), "the rate whose confirmation failed had passed once");

        double answer = result.highestPassingOpsPerSec();
        assertTrue(answer > 0 && answer < failedConfirmation.targetOpsPerSec(), Mode2Report.render(result));
        List<SearchStep> atAnswer = steps.stream().filter(step -> step.targetOpsPerSec() == answer).toList();
        assertEquals(2, atAnswer.size(), "the answer ran twice");
        assertTrue(atAnswer.stream().allMatch(SearchStep::passed), "and passed both times");
        assertEquals(CapacitySearch.Limit.SERVER, result.searchLimit());
        assertTrue(result.breakdown().commands().get(0).basis().contains(String.format("%,.0f ops/s", answer)),
                "the breakdown is the answer's");
        assertEquals(null, result.measured());
    }
}
