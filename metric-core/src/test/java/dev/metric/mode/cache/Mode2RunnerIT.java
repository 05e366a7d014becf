package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.config.FlushPolicy;
import dev.metric.config.SearchPlan;
import dev.metric.config.Slo;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Mismatch;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.search.CapacitySearch;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.Settings;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.SizeDistribution;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

/** mode2 against a real redis-server started for these tests; each test uses its own db. */
@ExtendWith(LocalRedisExtension.class)
class Mode2RunnerIT {

    private static final long SEED = 21;
    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    /**
     * Keys for runs that need keys to expire: however fast the client goes, a key's writes are then
     * often further apart than its TTL.
     */
    private static final int EXPIRING_KEYS = 16 * 1024;

    private static Mode2Config config(ClientLibrary library, int poolSize, int database, TtlRange ttl,
                                      double writeRatio, int inflight, Duration duration, double rate,
                                      SearchPlan search) {
        return config(library, poolSize, database, 1024, ttl, writeRatio, inflight, duration, rate, search);
    }

    private static Mode2Config config(ClientLibrary library, int poolSize, int database, int keys, TtlRange ttl,
                                      double writeRatio, int inflight, Duration duration, double rate,
                                      SearchPlan search) {
        ClientSettings settings = new ClientSettings(server.address(), database, poolSize,
                Duration.ofSeconds(2), Duration.ofSeconds(10));
        return Mode2Config.builder(library, settings).threads(2).data(DataSpec.standard(keys, SEED))
                .flush(FlushPolicy.ALWAYS).ttl(ttl).writeRatio(writeRatio).duration(duration).warmup(Duration.ZERO)
                .inflight(inflight).rate(new TargetRate(rate)).search(search).breakdown(true)
                .progressInterval(Duration.ofMillis(500)).build();
    }

    private static Mode2Result run(Mode2Config config, Consumer<String> progress) throws InterruptedException {
        return new Mode2Runner(config, new RunContext(true, progress, IntervalLog.NONE, new RunControl())).run();
    }

    @Test
    void expiredKeysMissAreRefilledAndTheServerCountsTheSame() throws Exception {
        Mode2Result result = run(config(ClientLibrary.LETTUCE, 0, 1, EXPIRING_KEYS, new TtlRange(1, 2), 0.1, 4,
                Duration.ofSeconds(4), 0, null), line -> { });

        PhaseResult measured = result.phases().measured();
        long hits = measured.figures(OpKind.GET_HIT).count();
        long misses = measured.figures(OpKind.GET_MISS).count();
        assertTrue(result.passed(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertTrue(misses > 0, "keys with TTLs of 1-2 s expire during a 4 s run");
        assertEquals(misses, measured.figures(OpKind.REFILL).count(), "every miss is refilled");
        assertEquals(hits, result.serverDelta().keyspaceHits(), "the server counts the same hits");
        assertEquals(misses, result.serverDelta().keyspaceMisses(), "the server counts the same misses");
        assertTrue(result.serverDelta().expiredKeys() > 0);
        assertTrue(Mode2Report.render(result, Percentiles.DEFAULT)
                        .contains("\njit, gc  while measuring the JIT compiled for "),
                "the report says what the JVM did beside the traffic");
        long operations = Arrays.stream(OpKind.values()).mapToLong(kind -> measured.figures(kind).count()).sum();
        assertEquals(operations, measured.all().count());
        assertEquals(operations, result.serverDelta().commands() - 1, "every command but the closing INFO is ours");
        assertEquals(hits / (double) (hits + misses), measured.reads().hitRatio(), 1e-12);

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

        PhaseResult measured = result.phases().measured();
        long writes = measured.figures(OpKind.SETEX).count();
        long scheduled = measured.schedule().scheduledOps();
        assertEquals(scheduled, writes + measured.figures(OpKind.GET_HIT).count()
                + measured.figures(OpKind.GET_MISS).count(), "scheduled operations are GETs and SETEXs");
        assertTrue(scheduled > 1000, "enough operations to judge: " + scheduled);
        double sd = Math.sqrt(writeRatio * (1 - writeRatio) / scheduled);
        assertEquals(writeRatio, (double) writes / scheduled, 5 * sd, "share of SETEX among " + scheduled);
        assertEquals(0, measured.figures(OpKind.GET_MISS).count(), "nothing expires with a 600 s TTL");
        assertTrue(result.passed());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void overResp3HitsAreVerifiedAndMissesAreReadAsMisses(ClientLibrary library) throws Exception {
        Mode2Config asked = config(library, library == ClientLibrary.JEDIS ? 2 : 0, 8, EXPIRING_KEYS,
                new TtlRange(1, 2), 0.1, 1, Duration.ofSeconds(3), 0, null);
        Mode2Config config = asked.toBuilder().client(Settings.withResp(asked.client(), RespVersion.RESP3))
                .inflight(1).rate(new TargetRate(0)).search(null).breakdown(false).build();

        Mode2Result result = run(config, line -> { });

        PhaseResult measured = result.phases().measured();
        assertTrue(result.passed(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals("RESP3", result.header().client().protocol());
        assertTrue(measured.figures(OpKind.GET_HIT).count() > 100, "hits verified over RESP3");
        assertTrue(measured.figures(OpKind.GET_MISS).count() > 0, "RESP3's null reply is a miss, not an error");
        assertEquals(measured.figures(OpKind.GET_MISS).count(), result.serverDelta().keyspaceMisses());
        assertEquals(0, measured.errors());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void mgetReadsVerifyEveryValueAndRefillEveryKeyTheyMissAsTheServerCountsThem(ClientLibrary library)
            throws Exception {
        Mode2Config asked = config(library, library == ClientLibrary.JEDIS ? 2 : 0, 11, EXPIRING_KEYS,
                new TtlRange(1, 2), 0.1, 2, Duration.ofSeconds(3), 0, null);
        Mode2Config config = asked.toBuilder().inflight(2).keysPerRead(8).rate(new TargetRate(0))
                .search(null).strict(true).breakdown(false).build();
        VersionedValues values = new VersionedValues(config.dataSet());
        List<Integer> foreign = new ArrayList<>();
        for (int index = 100; index < 4000; index += 200) {
            foreign.add(index);
        }
        boolean[] tampered = {false};
        Consumer<String> giveKeysAnotherKeysValueAsTrafficStarts = line -> {
            if (line.startsWith("measure:") && !tampered[0]) {
                tampered[0] = true;
                try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                    jedis.select(11);
                    for (int index : foreign) {
                        jedis.set(config.dataSet().key(index), values.value(index + 1, 0));
                    }
                }
            }
        };

        Mode2Result result = run(config, giveKeysAnotherKeysValueAsTrafficStarts);

        PhaseResult measured = result.phases().measured();
        assertEquals(0, measured.figures(OpKind.GET_HIT).count() + measured.figures(OpKind.GET_MISS).count(),
                "every read is an MGET");
        long mgets = measured.figures(OpKind.MGET).count();
        assertTrue(mgets > 100, Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(0, measured.errors(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertTrue(measured.reads().keyMisses() > 0, "keys with TTLs of 1-2 s expire during a 3 s run");
        assertEquals(measured.reads().keyHits(), result.serverDelta().keyspaceHits(),
                "the server counts the same hits");
        assertEquals(measured.reads().keyMisses(), result.serverDelta().keyspaceMisses(), "and the same misses");
        assertEquals(measured.reads().keyMisses(), measured.figures(OpKind.REFILL).count(),
                "every missing key is refilled");
        assertEquals(measured.reads().keyHits() / (double) (measured.reads().keyHits() + measured.reads().keyMisses()),
                measured.reads().hitRatio(),
                1e-12);
        assertTrue(measured.checks().verificationFailures() > 0, "a key holding another's value was read");
        for (Mismatch failure : measured.checks().firstFailures()) {
            assertEquals(Verdict.OTHER_KEY, failure.verdict(), failure.describe());
            assertTrue(foreign.stream().anyMatch(index -> new String(config.dataSet().key(index),
                    StandardCharsets.US_ASCII).equals(failure.key())), failure.describe());
        }
        assertEquals(0, result.strict().findings().keys(),
                Mode2Report.render(result, Percentiles.DEFAULT));
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.startsWith("metric mode2: cache workload, MGET of 8 keys and SETEX"), report);
        assertTrue(report.contains("\n| MGET | " + String.format(Locale.ROOT, "%,d", mgets) + " |"), report);
        assertFalse(report.contains("| GET hit |"), "no empty GET rows: " + report);
    }

    @Test
    void byteRatesCountTheKeyAndTheValueEachOperationCarried() throws Exception {
        Mode2Config asked = config(ClientLibrary.LETTUCE, 0, 7, new TtlRange(600, 600), 0.3, 4,
                Duration.ofSeconds(2), 0, null);
        Mode2Config config = asked.toBuilder()
                .data(asked.data().withSizes(SizeDistribution.range(30, 30), SizeDistribution.range(1000, 1000)))
                .rate(new TargetRate(0)).search(null).breakdown(false).build();

        PhaseResult measured = run(config, line -> { }).phases().measured();

        double seconds = measured.schedule().durationSec();
        for (OpKind kind : List.of(OpKind.GET_HIT, OpKind.SETEX)) {
            OpFigures figures = measured.figures(kind);
            assertTrue(figures.count() > 100, kind + ": " + figures.count());
            assertEquals(figures.count() * 1030 / 1e6 / seconds, figures.megabytesPerSec(), 1e-9,
                    kind + ": a 30-byte key and a 1000-byte value each");
        }
        long carrying = measured.figures(OpKind.GET_HIT).count() + measured.figures(OpKind.SETEX).count();
        assertEquals(carrying * 1030 / 1e6 / seconds, measured.all().megabytesPerSec(), 1e-9);
    }

    /** Lettuce on its default engine, the loop, reads each value into its request's reused buffer. */
    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aValueCorruptedBehindTheToolsBackIsCaught(ClientLibrary library) throws Exception {
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

        Mode2Result result = run(config(library, library == ClientLibrary.JEDIS ? 2 : 0, database,
                new TtlRange(600, 600), 0, 1, Duration.ofSeconds(2), 0, null), corruptWhenMeasuring);

        assertFalse(result.passed());
        assertTrue(result.verificationFailures() >= 3, "failures: " + result.verificationFailures());
        List<Mismatch> first = result.phases().measured().checks().firstFailures();
        Set<Verdict> verdicts = first.stream().map(Mismatch::verdict).collect(Collectors.toSet());
        assertEquals(Set.of(Verdict.MALFORMED, Verdict.WRONG_LENGTH, Verdict.OTHER_KEY), verdicts, first.toString());
    }

    /**
     * One lane with one request in flight and no scheduled writes, so that the only writes are
     * the preload and the refills after misses and none of them overlap: every write becomes its
     * key's known state, and each kind of tampering is found exactly once per key. TTLs of 1 to
     * 30 s give keys that expire during the run and keys that outlive it.
     */
    @Test
    void strictCountsLostStaleAndExpiredKeysExactly() throws Exception {
        int database = 6;
        DataSet dataSet = DataSet.standard(SEED, 1024);
        VersionedValues values = new VersionedValues(dataSet);
        ClientSettings settings = new ClientSettings(server.address(), database, 1, Duration.ofSeconds(2),
                Duration.ofSeconds(10));
        Mode2Config config = Mode2Config.builder(ClientLibrary.JEDIS, settings).data(DataSpec.standard(1024, SEED))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(1, 30)).writeRatio(0).duration(Duration.ofSeconds(9))
                .warmup(Duration.ZERO).strict(true).progressInterval(Duration.ofMillis(500)).build();
        Set<Integer> lost = new TreeSet<>();
        Set<Integer> persisted = new TreeSet<>();
        Set<Integer> stale = new TreeSet<>();
        Thread staleWriter = new Thread(() -> {
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(database);
                Thread.sleep(2500);
                for (int index = 0; index < 1024 && stale.size() < 5; index++) {
                    byte[] value = jedis.get(dataSet.key(index));
                    if (value != null && !lost.contains(index) && values.check(index, value) == Verdict.MATCH
                            && values.versionOf(value) > 0 && jedis.pttl(dataSet.key(index)) > 10_000) {
                        jedis.set(dataSet.key(index), values.value(index, 0), SetParams.setParams().keepTtl());
                        stale.add(index);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Consumer<String> tamperAtTheStart = line -> {
            if (!line.startsWith("measure: ")) {
                return;
            }
            try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                jedis.select(database);
                for (int index = 0; index < 1024 && (lost.size() < 7 || persisted.size() < 3); index++) {
                    long pttl = jedis.pttl(dataSet.key(index));
                    if (lost.size() < 7 && pttl > 20_000) {
                        assertEquals(1, jedis.del(dataSet.key(index)));
                        lost.add(index);
                    } else if (persisted.size() < 3 && pttl > 300 && pttl < 3000) {
                        assertEquals(1, jedis.persist(dataSet.key(index)));
                        persisted.add(index);
                    }
                }
            }
            staleWriter.start();
        };

        Mode2Result result = run(config, tamperAtTheStart);
        staleWriter.join();

        assertEquals(7, lost.size());
        assertEquals(3, persisted.size());
        assertEquals(5, stale.size(), "keys the tool refilled with a long TTL, set back to their preload version");
        StrictResult strict = result.strict();
        assertFalse(result.passed());
        assertEquals(7, strict.findings().lostKeys(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(7, strict.findings().lostReads(), "a lost key is refilled after its first miss");
        assertEquals(5, strict.findings().staleKeys(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(3, strict.findings().expiredKeys(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertTrue(strict.findings().staleReads() >= 5 && strict.findings().expiredReads() >= 3, strict.toString());
        assertEquals(0, strict.unsureKeys());
        assertEquals(0, result.verificationFailures(), "every value read was an intact value of its key");
        Map<Verdict, Set<String>> found = strict.firstFindings().stream().collect(Collectors.groupingBy(
                StrictFinding::verdict, Collectors.mapping(StrictFinding::key, Collectors.toSet())));
        assertTrue(keys(dataSet, lost).containsAll(found.getOrDefault(Verdict.LOST, Set.of())), found.toString());
        assertTrue(keys(dataSet, stale).containsAll(found.getOrDefault(Verdict.STALE, Set.of())), found.toString());
        assertTrue(keys(dataSet, persisted).containsAll(found.getOrDefault(Verdict.EXPIRED, Set.of())),
                found.toString());
        assertTrue(Mode2Report.render(result, Percentiles.DEFAULT)
                        .contains("7 keys lost, 5 read stale, 3 returned after their TTL"),
                Mode2Report.render(result, Percentiles.DEFAULT));
    }

    private static Set<String> keys(DataSet dataSet, Set<Integer> indices) {
        return indices.stream().map(index -> new String(dataSet.key(index), StandardCharsets.US_ASCII))
                .collect(Collectors.toSet());
    }

    /**
     * Clean runs with keys expiring all the time (TTLs of 1-2 s) and writes that overlap: many
     * lanes, requests in flight, batches, a target rate, both clients. Nothing may be reported,
     * and most reads must have been judged against a known write.
     */
    @ParameterizedTest(name = "{0}, pipeline {1}, inflight {2}, rate {3}")
    @CsvSource({"LETTUCE, 1, 8, 0", "JEDIS, 1, 1, 0", "JEDIS, 8, 1, 2000", "LETTUCE, 4, 1, 2000"})
    void aCleanStrictRunReportsNothing(ClientLibrary library, int pipeline, int inflight, double rate)
            throws Exception {
        ClientSettings settings = new ClientSettings(server.address(), 7, library == ClientLibrary.JEDIS ? 4 : 0,
                Duration.ofSeconds(2), Duration.ofSeconds(10));
        int keys = EXPIRING_KEYS;
        Mode2Config config = Mode2Config.builder(library, settings).threads(4).data(DataSpec.standard(keys, SEED))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(1, 2)).writeRatio(0.2).duration(Duration.ofSeconds(4))
                .warmup(Duration.ZERO).pipeline(pipeline).inflight(inflight).rate(new TargetRate(rate)).strict(true)
                .progressInterval(Duration.ofMillis(500)).build();

        Mode2Result result = run(config, line -> { });

        StrictResult strict = result.strict();
        assertTrue(result.passed(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(0, strict.findings().reads(), strict.toString());
        PhaseResult measured = result.phases().measured();
        long reads = measured.figures(OpKind.GET_HIT).count() + measured.figures(OpKind.GET_MISS).count();
        assertTrue(measured.figures(OpKind.GET_MISS).count() > 0, "keys expired during the run");
        assertTrue(strict.judgedReads() > reads / 2, strict.judgedReads() + " of " + reads + " reads judged");
        assertEquals((long) keys * WriteLedger.BYTES_PER_KEY, strict.ledger().stateBytes());
    }

    /**
     * The confirmation rule against a real server: with an objective any healthy step meets
     * (p99 of 1 s), the server is paused, for twice a step's length, as the fourth step begins, at
     * 1,600 ops/s, and again as the search's first confirmation begins: the pause is set before
     * the step sends its first request (its progress line comes first, on the runner's thread), and
     * outlasts the step however late its traffic starts, so that no step is half in it. The first
     * pause is a failure that bounds the search; the second makes the rate being confirmed fail,
     * which must then never be
     * the answer, however well it did the first time: the answer is a lower rate that passed
     * twice and never failed. Lettuce keeps sending into the paused server, 2 threads of 16 in
     * flight, so that more than 1% of a step's operations wait out the pause on the server:
     * service time shows it.
     */
    @Test
    void aRateCountsOnlyWhenItPassedTwiceAndAFailedConfirmationIsNotTheAnswer() throws Exception {
        int database = 4;
        Duration stepLength = Duration.ofSeconds(1);
        SearchPlan search = new SearchPlan(List.of(Slo.parse("p99=1s")), 20, stepLength);
        int[] confirmations = {0};
        Consumer<String> pauseTwice = line -> {
            boolean fourth = line.startsWith("find-max: step 4 at");
            boolean firstConfirmation = line.startsWith("find-max: step") && line.contains("(confirm)")
                    && confirmations[0]++ == 0;
            if (fourth || firstConfirmation) {
                try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                    jedis.clientPause(stepLength.multipliedBy(2).toMillis());
                }
            }
        };

        Mode2Result result = run(config(ClientLibrary.LETTUCE, 0, database, new TtlRange(600, 600), 0.1, 16,
                Duration.ofSeconds(1), 200, search), pauseTwice);

        List<SearchStep> steps = result.phases().search().steps();
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

        double answer = result.phases().search().highestPassingOpsPerSec();
        assertTrue(answer > 0 && answer < failedConfirmation.targetOpsPerSec(),
                Mode2Report.render(result, Percentiles.DEFAULT));
        List<SearchStep> atAnswer = steps.stream().filter(step -> step.targetOpsPerSec() == answer).toList();
        assertEquals(2, atAnswer.size(), "the answer ran twice");
        assertTrue(atAnswer.stream().allMatch(SearchStep::passed), "and passed both times");
        assertEquals(CapacitySearch.Limit.SERVER, result.phases().search().searchLimit());
        assertTrue(result.breakdown().commands().get(0).basis().contains(String.format("%,.0f ops/s", answer)),
                "the breakdown is the answer's");
        assertEquals(null, result.phases().measured());
    }
}
