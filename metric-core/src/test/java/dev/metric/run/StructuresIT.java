package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Report;
import dev.metric.mode.cache.Mode2Result;
import dev.metric.mode.cache.Mode2Runner;
import dev.metric.mode.verify.EveryKeyResult;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Report;
import dev.metric.mode.verify.Mode1Result;
import dev.metric.mode.verify.Mode1Runner;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Mismatch;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.Settings;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.Structures;
import dev.metric.workload.TtlRange;
import dev.metric.workload.ValueType;
import dev.metric.workload.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;

/**
 * Hashes, lists and sorted sets written by the runners to a real server and read back with both
 * clients over both protocol versions, damaged behind the tool's back in each way a structure can
 * be: an element changed, one removed, one added, one of another key's.
 */
@ExtendWith(LocalRedisExtension.class)
class StructuresIT {

    private static final int KEYS = 1024;
    private static final int ELEMENTS = 6;
    private static final byte[] ADDED = "f99".getBytes(StandardCharsets.US_ASCII);

    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    static Stream<Arguments> everyTypeClientAndProtocol() {
        List<Arguments> cases = new ArrayList<>();
        for (ValueType type : List.of(ValueType.HASH, ValueType.LIST, ValueType.ZSET)) {
            for (ClientLibrary library : List.of(ClientLibrary.JEDIS, ClientLibrary.LETTUCE)) {
                for (RespVersion resp : RespVersion.values()) {
                    cases.add(Arguments.of(type, library, resp));
                }
            }
        }
        return cases.stream();
    }

    private static ClientSettings settings(int database, RespVersion resp) {
        return Settings.withResp(new ClientSettings(server.address(), database, 4, Duration.ofSeconds(2),
                Duration.ofSeconds(10)), resp);
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("everyTypeClientAndProtocol")
    void everyStructureIsVerifiedAndEachKindOfDamageIsFoundByTheCheckOfEveryKey(ValueType type,
            ClientLibrary library, RespVersion resp) throws Exception {
        int database = 2 + type.ordinal();
        DataSpec data = DataSpec.standard(KEYS, 23).withType(type, ELEMENTS);
        Mode1Config config = Mode1Config.builder(library, settings(database, resp)).threads(4).data(data).pipeline(16)
                .reads(400).warmupReads(0).inflight(2).flush(FlushPolicy.ALWAYS).verifyAll(true).breakdown(true)
                .progressInterval(Duration.ofMillis(200)).build();
        Structures structures = new Structures(new DataSet(data));
        AtomicBoolean tampered = new AtomicBoolean();
        Consumer<String> tamperAfterTheLoad = line -> {
            if (line.startsWith("verify:") && tampered.compareAndSet(false, true)) {
                damage(structures, database);
            }
        };

        Mode1Result result = new Mode1Runner(config,
                new RunContext(true, tamperAfterTheLoad, IntervalLog.NONE, new RunControl()))
                .run();

        assertTrue(tampered.get());
        assertFalse(result.passed());
        assertEquals(resp == RespVersion.RESP3 ? "RESP3" : "RESP2", result.header().client().protocol());
        assertEquals(KEYS, result.load().written().keysWritten());
        assertEquals(new DataSet(data).totalBytes() + KEYS, result.load().written().bytesWritten(),
                "every key, element, field name and score, and the TTL argument 0 of each write");
        assertEquals(0, result.verify().failures().errors(), Mode1Report.render(result, Percentiles.DEFAULT));
        EveryKeyResult everyKey = result.everyKey();
        assertEquals(KEYS, everyKey.checked());
        assertEquals(KEYS - 5, everyKey.intact(), Mode1Report.render(result, Percentiles.DEFAULT));
        assertEquals(1, everyKey.losses().missing(), "key 13 deleted");
        assertEquals(2, everyKey.losses().wrongLength(), "key 9 lost an element, key 11 gained one");
        assertEquals(1, everyKey.losses().wrongBytes(), "key 5 has an element changed");
        assertEquals(1, everyKey.losses().otherKey(), "key 20 holds an element of key 21");
        Map<String, Mismatch> byKey = everyKey.firstMismatches().stream()
                .collect(Collectors.toMap(Mismatch::key, mismatch -> mismatch));
        Mismatch changed = byKey.get(key(structures, 5));
        assertEquals(Verdict.WRONG_BYTES, changed.verdict());
        assertEquals(type.elementName() + " 1", changed.where(), changed.describe());
        assertEquals(changed.expectedBytes() - 1, changed.firstDifferentByte(), "its last byte was flipped");
        assertEquals((ELEMENTS - 1) + " " + type.elementName() + "s where " + ELEMENTS + " were written",
                byKey.get(key(structures, 9)).where());
    }

    private static String key(Structures structures, int index) {
        return new String(structures.readCommand(index)[Structures.READ_KEY_AT], StandardCharsets.US_ASCII);
    }

    /**
     * Changes an element of key 5, removes one of key 9, adds one to key 11, deletes key 13, and
     * gives key 20 one of key 21's.
     */
    private static void damage(Structures structures, int database) {
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(database);
            byte[] changed = structures.element(5, 0, 1);
            changed[changed.length - 1] ^= 1;
            byte[] foreign = structures.element(21, 0, 0);
            switch (structures.type()) {
                case HASH -> {
                    jedis.hset(keyOf(structures, 5), Structures.field(1), changed);
                    assertEquals(1, jedis.hdel(keyOf(structures, 9), Structures.field(2)));
                    jedis.hset(keyOf(structures, 11), ADDED, structures.element(11, 0, 0));
                    jedis.hset(keyOf(structures, 20), Structures.field(0), foreign);
                }
                case LIST -> {
                    jedis.lset(keyOf(structures, 5), 1, changed);
                    jedis.rpop(keyOf(structures, 9));
                    jedis.rpush(keyOf(structures, 11), structures.element(11, 0, 0));
                    jedis.lset(keyOf(structures, 20), 0, foreign);
                }
                case ZSET -> {
                    assertEquals(1, jedis.zrem(keyOf(structures, 5), structures.element(5, 0, 1)));
                    jedis.zadd(keyOf(structures, 5), 1, changed);
                    jedis.zpopmax(keyOf(structures, 9));
                    jedis.zadd(keyOf(structures, 11), ELEMENTS, structures.element(11, 0, 0));
                    assertEquals(1, jedis.zrem(keyOf(structures, 20), structures.element(20, 0, 0)));
                    jedis.zadd(keyOf(structures, 20), 0, foreign);
                }
                default -> throw new IllegalStateException(structures.type().toString());
            }
            assertEquals(1, jedis.del(keyOf(structures, 13)));
        }
    }

    private static byte[] keyOf(Structures structures, int index) {
        return structures.readCommand(index)[Structures.READ_KEY_AT];
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void mode2RewritesWholeStructuresWithTheirTtlAndFindsOneThatMixesTwoWrites(ClientLibrary library)
            throws Exception {
        int database = 6 + library.ordinal();
        DataSpec data = DataSpec.standard(KEYS, 29).withType(ValueType.LIST, ELEMENTS);
        // At a set rate, not a closed loop: 800 rewrites a second over 1024 keys leave most keys more than their
        // 1-2 s TTL between rewrites however fast the machine is, so some always expire. Closed, a fast run
        // rewrote every key before it could expire and saw no miss.
        Mode2Config config = Mode2Config.builder(library, settings(database, RespVersion.RESP3)).threads(2).data(data)
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(1, 2)).writeRatio(0.2).duration(Duration.ofSeconds(4))
                .warmup(Duration.ZERO).inflight(2).rate(new TargetRate(4000)).strict(true)
                .progressInterval(Duration.ofMillis(500)).build();
        Structures structures = new Structures(new DataSet(data));
        int mixed = 700;
        AtomicBoolean tampered = new AtomicBoolean();
        Consumer<String> mixTwoWritesOnceTrafficRuns = line -> {
            if (line.startsWith("measure:") && tampered.compareAndSet(false, true)) {
                try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
                    jedis.select(database);
                    byte[][] write = structures.writeCommand(mixed, 1L << 40, 0);
                    byte[][] elements = Arrays.copyOfRange(write, Structures.WRITE_KEY_AT + 2, write.length);
                    elements[3] = structures.element(mixed, (1L << 40) + 1, 3);
                    jedis.del(keyOf(structures, mixed));
                    jedis.rpush(keyOf(structures, mixed), elements);
                }
            }
        };

        Mode2Result result = new Mode2Runner(config,
                new RunContext(true, mixTwoWritesOnceTrafficRuns, IntervalLog.NONE, new RunControl())).run();

        assertTrue(tampered.get());
        PhaseResult measured = result.phases().measured();
        assertTrue(measured.figures(OpKind.GET_HIT).count() > 1000, Mode2Report.render(result, Percentiles.DEFAULT));
        assertTrue(measured.figures(OpKind.GET_MISS).count() > 0, "keys expire and are refilled whole");
        assertTrue(measured.figures(OpKind.SETEX).count() > 100, "rewrites");
        assertEquals(0, measured.errors(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(measured.figures(OpKind.GET_MISS).count(), result.serverDelta().keyspaceMisses(),
                "an empty LRANGE is a miss, as the server counts it");
        assertTrue(measured.checks().verificationFailures() >= 1, Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals(List.of(key(structures, mixed)),
                measured.checks().firstFailures().stream().map(Mismatch::key).distinct()
                .toList(), "only the key holding two writes, until it is rewritten: "
                + Mode2Report.render(result, Percentiles.DEFAULT));
        assertEquals("element 3", measured.checks().firstFailures().get(0).where());
        assertEquals(0, result.strict().findings().keys(),
                Mode2Report.render(result, Percentiles.DEFAULT));
    }
}
