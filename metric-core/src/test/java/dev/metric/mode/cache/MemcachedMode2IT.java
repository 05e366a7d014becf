package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalMemcachedServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.MemcachedKeys;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * mode2 against a real memcached: expiries in whole seconds, hits and misses as its {@code stats}
 * count them, and {@code --strict} finding what the test plants behind the tool's back.
 */
@ExtendWith(LocalRedisExtension.class)
class MemcachedMode2IT {

    private static final long SEED = 21;
    private static LocalMemcachedServer server;

    @BeforeAll
    static void useServer(LocalMemcachedServer local) {
        server = local;
    }

    private static Mode2Config.Builder config(int keys, TtlRange ttl, double writeRatio, Duration duration) {
        return config(keys, ttl, writeRatio, duration, EngineKind.THREADS);
    }

    /** On threads, 2 lanes share folsom's 2 connections; on loops, each of 4 lanes has a connection of its own. */
    private static Mode2Config.Builder config(int keys, TtlRange ttl, double writeRatio, Duration duration,
                                              EngineKind engine) {
        ClientSettings settings = new ClientSettings(server.address(), 0, engine == EngineKind.LOOP ? 0 : 2,
                Duration.ofSeconds(2), Duration.ofSeconds(10)).withProtocol(Protocol.MEMCACHED);
        return Mode2Config.builder(ClientLibrary.FOLSOM, settings).threads(2)
                .connections(engine == EngineKind.LOOP ? 2 : 1).engine(engine).data(DataSpec.standard(keys, SEED))
                .flush(FlushPolicy.ALWAYS).ttl(ttl).writeRatio(writeRatio).duration(duration).warmup(Duration.ZERO)
                .inflight(4).progressInterval(Duration.ofMillis(500));
    }

    private static Mode2Result run(Mode2Config config, Consumer<String> progress) throws InterruptedException {
        return new Mode2Runner(config, new RunContext(true, progress, IntervalLog.NONE, new RunControl())).run();
    }

    @ParameterizedTest
    @EnumSource(EngineKind.class)
    void expiredItemsMissAreRefilledAndMemcachedCountsTheSameHitsAndMisses(EngineKind engine) throws Exception {
        Mode2Result result = run(config(16 * 1024, new TtlRange(1, 2), 0.1, Duration.ofSeconds(4), engine)
                .strict(true).build(), line -> { });

        PhaseResult measured = result.phases().measured();
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        assertTrue(measured.reads().keyMisses() > 0, "items with TTLs of 1-2 s expire during a 4 s run");
        assertEquals(measured.reads().keyMisses(), measured.figures(OpKind.REFILL).count(), "every miss is refilled");
        assertEquals(measured.reads().keyHits(), result.serverDelta().keyspaceHits(), "get_hits counts the same hits");
        assertEquals(measured.reads().keyMisses(), result.serverDelta().keyspaceMisses(), "get_misses the same misses");
        assertEquals(measured.all().count(), result.serverDelta().commands(), "cmd_get and cmd_set: ours alone");
        assertTrue(result.serverDelta().serverCpuMicros() > 0, result.serverDelta().toString());
        assertEquals(0, result.strict().findings().keys(),
                "whole-second expiries within the margin are no finding: " + report);
        assertTrue(report.contains("its hits and misses are the run's, key for key"), report);
        assertTrue(report.contains("us of server CPU per operation (rusage_user + rusage_system"), report);
    }

    @Test
    void multiKeyGetsAreCountedKeyByKeyAsMemcachedCountsThem() throws Exception {
        Mode2Result result = run(config(16 * 1024, new TtlRange(1, 2), 0.1, Duration.ofSeconds(3))
                .keysPerRead(8).build(), line -> { });

        PhaseResult measured = result.phases().measured();
        assertTrue(measured.figures(OpKind.MGET).count() > 100, Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(0, measured.figures(OpKind.GET_HIT).count() + measured.figures(OpKind.GET_MISS).count());
        assertTrue(measured.reads().keyMisses() > 0);
        assertEquals(measured.reads().keyHits(), result.serverDelta().keyspaceHits());
        assertEquals(measured.reads().keyMisses(), result.serverDelta().keyspaceMisses());
        assertEquals(measured.reads().keyMisses(), measured.figures(OpKind.REFILL).count(),
                "every missing key is refilled");
    }

    /**
     * Plants, as the traffic starts, 7 items deleted long before their TTL (lost), 3 made never to
     * expire shortly before theirs (returned after their TTL), and after 2.5 s 5 refilled items set
     * back to their preload value (stale), and expects exactly those.
     */
    @ParameterizedTest
    @EnumSource(EngineKind.class)
    void strictCountsLostStaleAndExpiredItemsExactly(EngineKind engine) throws Exception {
        DataSet dataSet = DataSet.standard(SEED, 1024);
        VersionedValues values = new VersionedValues(dataSet);
        TtlRange ttl = new TtlRange(1, 30);
        // One lane and one request in flight, as the Redis test has: two reads of a key in flight at once
        // both miss it and both refill it, and a key whose writes overlap is rightly no longer judged, which
        // would hide a planted stale read.
        Mode2Config config = config(1024, ttl, 0, Duration.ofSeconds(9), engine).threads(1).connections(1)
                .inflight(1).strict(true).build();
        Set<Integer> lost = new TreeSet<>();
        Set<Integer> persisted = new TreeSet<>();
        Set<Integer> stale = new TreeSet<>();
        Thread staleWriter = new Thread(() -> {
            try (MemcachedKeys keys = MemcachedKeys.at(server.address())) {
                Thread.sleep(2500);
                for (int index = 0; index < 1024 && stale.size() < 5; index++) {
                    byte[] value = keys.get(dataSet.key(index));
                    if (value != null && !lost.contains(index) && values.check(index, value) == Verdict.MATCH
                            && values.versionOf(value) > 0
                            && values.ttlSeconds(index, values.versionOf(value), ttl) > 20) {
                        keys.set(dataSet.key(index), values.value(index, 0), 20);
                        stale.add(index);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException(e);
            }
        });
        Consumer<String> tamperAtTheStart = line -> {
            if (!line.startsWith("measure: ") || staleWriter.getState() != Thread.State.NEW) {
                return;
            }
            try (MemcachedKeys keys = MemcachedKeys.at(server.address())) {
                for (int index = 0; index < 1024 && (lost.size() < 7 || persisted.size() < 3); index++) {
                    long preloadTtl = values.ttlSeconds(index, 0, ttl);
                    if (lost.size() < 7 && preloadTtl > 20) {
                        assertTrue(keys.delete(dataSet.key(index)));
                        lost.add(index);
                    } else if (persisted.size() < 3 && preloadTtl >= 4 && preloadTtl <= 5) {
                        assertTrue(keys.touch(dataSet.key(index), 0));
                        persisted.add(index);
                    }
                }
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            staleWriter.start();
        };

        Mode2Result result = run(config, tamperAtTheStart);
        staleWriter.join();

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertEquals(7, lost.size());
        assertEquals(3, persisted.size());
        assertEquals(5, stale.size(), "refilled items with a long TTL, set back to their preload version");
        StrictResult strict = result.strict();
        assertFalse(result.passed());
        assertEquals(7, strict.findings().lostKeys(), report);
        assertEquals(5, strict.findings().staleKeys(), report);
        assertEquals(3, strict.findings().expiredKeys(), report);
        assertEquals(0, result.verificationFailures(), "every value read was an intact value of its key");
        Map<Verdict, Set<String>> found = strict.firstFindings().stream().collect(Collectors.groupingBy(
                StrictFinding::verdict, Collectors.mapping(StrictFinding::key, Collectors.toSet())));
        assertTrue(keys(dataSet, lost).containsAll(found.getOrDefault(Verdict.LOST, Set.of())), found.toString());
        assertTrue(keys(dataSet, stale).containsAll(found.getOrDefault(Verdict.STALE, Set.of())), found.toString());
        assertTrue(keys(dataSet, persisted).containsAll(found.getOrDefault(Verdict.EXPIRED, Set.of())),
                found.toString());
        assertTrue(report.contains("margin 2005 ms + 1/1000 of the TTL (two seconds more for memcached: its clock"),
                report);
    }

    private static Set<String> keys(DataSet dataSet, Set<Integer> indices) {
        return indices.stream().map(index -> new String(dataSet.key(index), StandardCharsets.US_ASCII))
                .collect(Collectors.toSet());
    }
}
