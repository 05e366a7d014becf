package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.run.RunRefusedException;
import dev.metric.server.LocalMemcachedServer;
import dev.metric.server.MemcachedAdmin;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.MemcachedKeys;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.SizeDistribution;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** mode1 against a real memcached: the same load, reads and checks as against Redis, through folsom. */
@ExtendWith(LocalRedisExtension.class)
class MemcachedMode1IT {

    private static LocalMemcachedServer server;
    private final List<String> progress = new ArrayList<>();

    @BeforeAll
    static void useServer(LocalMemcachedServer local) {
        server = local;
    }

    private static Mode1Config.Builder config(int keys, long reads) {
        return config(keys, reads, EngineKind.THREADS);
    }

    /** On threads, 4 lanes share folsom's 4 connections; on loops, each of 4 lanes has a connection of its own. */
    private static Mode1Config.Builder config(int keys, long reads, EngineKind engine) {
        ClientSettings settings = new ClientSettings(server.address(), 0, engine == EngineKind.LOOP ? 0 : 4,
                Duration.ofSeconds(2), Duration.ofSeconds(10)).withProtocol(Protocol.MEMCACHED);
        return Mode1Config.builder(ClientLibrary.FOLSOM, settings).threads(engine == EngineKind.LOOP ? 2 : 4)
                .connections(engine == EngineKind.LOOP ? 2 : 1).engine(engine).data(DataSpec.standard(keys, 11))
                .pipeline(32).reads(reads).warmupReads(1000).inflight(4).flush(FlushPolicy.ALWAYS)
                .verifyAll(true).progressInterval(Duration.ofMillis(200));
    }

    private Mode1Result run(Mode1Config config, Consumer<String> onProgress) throws InterruptedException {
        return new Mode1Runner(config, new RunContext(true, line -> {
            progress.add(line);
            onProgress.accept(line);
        }, IntervalLog.NONE, new RunControl())).run();
    }

    @Test
    void everyKeyIsWrittenAndEveryReadVerified() throws Exception {
        Mode1Result result = run(config(2048, 5000).build(), line -> { });

        assertTrue(result.passed(), String.join("\n", progress));
        assertEquals(2048, result.load().written().keysWritten());
        assertEquals(DataSet.standard(11, 2048).totalBytes(), result.load().written().bytesWritten());
        assertEquals(5000, result.verify().measured().reads());
        assertEquals(0, result.verify().failures().mismatches());
        assertEquals(2048, result.everyKey().intact());
        assertEquals("folsom", result.header().client().library());
        assertEquals("memcached", result.header().server().name());
        try (MemcachedAdmin admin = MemcachedAdmin.connect(server.address(), Duration.ofSeconds(2),
                Duration.ofSeconds(2))) {
            assertEquals(2048 + 1, admin.dbSize(), "every key written is there, the run's marker, and nothing else");
        }
    }

    @ParameterizedTest
    @EnumSource(EngineKind.class)
    void everyKeyIsReadOnceAndEachKindOfLossIsCountedExactly(EngineKind engine) throws Exception {
        DataSet dataSet = DataSet.standard(11, 4096);
        List<Integer> tampered = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            tampered.add(i * 251 + 17);
        }
        boolean[] done = {false};
        Consumer<String> tamperAfterTheLoad = line -> {
            if (!line.startsWith("verify:") || done[0]) {
                return;
            }
            done[0] = true;
            try (MemcachedKeys keys = MemcachedKeys.at(server.address())) {
                for (int index : tampered.subList(0, 7)) {
                    assertTrue(keys.delete(dataSet.key(index)));
                }
                for (int index : tampered.subList(7, 10)) {
                    byte[] value = dataSet.value(index);
                    keys.set(dataSet.key(index), Arrays.copyOf(value, value.length - 1), 0);
                }
                for (int index : tampered.subList(10, 12)) {
                    byte[] value = dataSet.value(index);
                    value[value.length / 2] ^= 1;
                    keys.set(dataSet.key(index), value, 0);
                }
                for (int index : tampered.subList(12, 14)) {
                    keys.set(dataSet.key(index), dataSet.value(index + 1), 0);
                }
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };

        Mode1Result result = run(config(4096, 2000, engine).build(), tamperAfterTheLoad);

        assertFalse(result.passed());
        EveryKeyResult everyKey = result.everyKey();
        assertEquals(4096, everyKey.checked());
        assertEquals(4096 - 14, everyKey.intact());
        assertEquals(7, everyKey.losses().missing());
        assertEquals(3, everyKey.losses().wrongLength());
        assertEquals(2, everyKey.losses().wrongBytes());
        assertEquals(2, everyKey.losses().otherKey());
        assertEquals(0, everyKey.failedReads());
        assertEquals(engine == EngineKind.LOOP ? "2 epoll event loops of metric's, 2 connections each, every"
                + " connection one lane's" : "4 connections shared by every thread, requests sent on each in turn",
                result.header().client().pooling());
    }

    @Test
    void mgetReadsAreMultiKeyGetsVerifiedKeyByKey() throws Exception {
        Mode1Result result = run(config(2048, 3000).keysPerRead(10).build(), line -> { });

        assertTrue(result.passed(), String.join("\n", progress));
        assertEquals(0, result.verify().failures().mismatches());
        try (MemcachedAdmin admin = MemcachedAdmin.connect(server.address(), Duration.ofSeconds(2),
                Duration.ofSeconds(2))) {
            long hits = Long.parseLong(admin.info().fields().get("get_hits"));
            assertTrue(hits >= 30_000, "each key of a multi-key get counts as a get: " + hits);
        }
    }

    @Test
    void valuesOverTheServersItemSizeLimitAreRefusedBeforeAnythingIsWritten() throws Exception {
        DataSpec large = DataSpec.standard(16, 11).withSizes(DataSpec.STANDARD_KEY_SIZES,
                SizeDistribution.range(1_000_000, 1_048_576));
        try (MemcachedAdmin admin = MemcachedAdmin.connect(server.address(), Duration.ofSeconds(2),
                Duration.ofSeconds(2))) {
            admin.flushDb();
            RunRefusedException refused = assertThrows(RunRefusedException.class,
                    () -> run(config(16, 10).data(large).flush(FlushPolicy.NEVER).build(), line -> { }));

            assertTrue(refused.getMessage().contains(
                    "item size limit of 1,048,576 bytes (item_size_max, memcached -I)"), refused.getMessage());
            assertEquals(0, admin.dbSize(), "nothing was written");
        }
    }
}
