package dev.metric.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.ServerAddress;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateOrder;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.pacing.TargetRate;
import dev.metric.settings.SettingException;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TtlRange;
import dev.metric.ycsb.YcsbWorkload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each builder puts every value where its name says, carries every component through
 * {@code toBuilder()}, and checks what it builds as the record does.
 */
class ConfigBuildersTest {

    private static final ClientSettings SETTINGS = new ClientSettings(new ServerAddress("127.0.0.1", 7000), 3, 16,
            Duration.ofSeconds(2), Duration.ofSeconds(5));
    private static final DataSpec DATA = DataSpec.standard(4096, 42);

    @Test
    void mode1TakesEachValueByName() {
        Mode1Config config = Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).threads(8).connections(2)
                .engine(EngineKind.THREADS).data(DATA).pipeline(32)
                .reads(5000).warmupReads(700).inflight(4).keysPerRead(3).flush(FlushPolicy.ALWAYS).skipLoad(false)
                .verifyAll(true).replicas(ReplicaChoice.NONE).breakdown(true)
                .progressInterval(Duration.ofMillis(250)).build();

        assertEquals(new Mode1Config(new ClientLanes(ClientLibrary.JEDIS, SETTINGS, 8, 2, EngineKind.THREADS, 4), DATA,
                32, new Mode1Config.ReadCounts(5000, 700), 3, FlushPolicy.ALWAYS, false,
                new Mode1Config.KeyChecks(true, ReplicaChoice.NONE), true, Duration.ofMillis(250)), config);
        assertEquals(config, config.toBuilder().build());
        assertEquals(2, config.toBuilder().threads(2).build().threads());
    }

    @Test
    void mode2TakesEachValueByName() {
        SearchPlan search = new SearchPlan(List.of(Slo.parse("p99=2ms")), 5, Duration.ofSeconds(3));
        Mode2Config config = Mode2Config.builder(ClientLibrary.LETTUCE, SETTINGS).threads(6).connections(3)
                .engine(EngineKind.THREADS).data(DATA)
                .flush(FlushPolicy.NEVER).skipLoad(true).ttl(new TtlRange(10, 20)).writeRatio(0.3)
                .duration(Duration.ofSeconds(30)).warmup(Duration.ofSeconds(4)).pipeline(1).inflight(9)
                .keysPerRead(2).keyDistribution(new KeyDistribution.Zipfian(0.9)).rate(new TargetRate(5000))
                .rateTick(Duration.ofMillis(20)).search(search)
                .strict(true).breakdown(true).progressInterval(Duration.ofMillis(300)).replicas(ReplicaChoice.NONE)
                .build();

        assertEquals(new Mode2Config(new ClientLanes(ClientLibrary.LETTUCE, SETTINGS, 6, 3, EngineKind.THREADS, 9),
                DATA, FlushPolicy.NEVER, true,
                new Mode2Config.Mix(new TtlRange(10, 20), 0.3, 1, 2, new KeyDistribution.Zipfian(0.9), null, null,
                        ReadFrom.PRIMARY),
                new TrafficPlan(Duration.ofSeconds(30), Duration.ofSeconds(4), new TargetRate(5000),
                        Duration.ofMillis(20), search), true, true, Duration.ofMillis(300), ReplicaChoice.NONE),
                config);
        assertEquals(config, config.toBuilder().build());
        Mode2Config ycsb = config.toBuilder().workload(YcsbWorkload.E).keysPerRead(1).strict(false).skipLoad(false)
                .breakdown(false).build();
        assertEquals(YcsbWorkload.E, ycsb.mix().workload());
        assertEquals(ycsb, ycsb.toBuilder().build());
    }

    @Test
    void templatesTakeEachValueByName() {
        List<CommandTemplate> templates = List.of(new CommandTemplate("GET __key__", 2));
        TemplateConfig config = TemplateConfig.builder(ClientLibrary.JEDIS, SETTINGS, templates).threads(3)
                .connections(4).engine(EngineKind.THREADS).data(DATA)
                .keyDistribution(new KeyDistribution.Zipfian(0.5)).flush(FlushPolicy.ALWAYS)
                .duration(Duration.ofSeconds(7)).warmup(Duration.ofSeconds(1)).inflight(5).rate(new TargetRate(900))
                .progressInterval(Duration.ofMillis(400)).build();

        assertEquals(new TemplateConfig(new ClientLanes(ClientLibrary.JEDIS, SETTINGS, 3, 4, EngineKind.THREADS, 5),
                DATA, templates, new KeyDistribution.Zipfian(0.5), FlushPolicy.ALWAYS, new TrafficPlan(
                Duration.ofSeconds(7), Duration.ofSeconds(1), new TargetRate(900), Duration.ZERO, null),
                Duration.ofMillis(400), ReadFrom.PRIMARY, null, TemplateOrder.DRAWN), config);
        assertEquals(config, config.toBuilder().build());
    }

    @Test
    void theEngineIsTheLibrarysOwnUnlessChosen() {
        ClientSettings shared = SETTINGS.withPoolSize(0);
        assertEquals(EngineKind.LOOP, Mode2Config.builder(ClientLibrary.LETTUCE, shared).build().engine());
        assertEquals(EngineKind.THREADS, Mode2Config.builder(ClientLibrary.JEDIS, SETTINGS).build().engine());
        assertEquals(EngineKind.THREADS, Mode1Config.builder(ClientLibrary.LETTUCE, shared)
                .engine(EngineKind.THREADS).build().engine());
    }

    @Test
    void eventLoopsAreRefusedForJedisAndForAPool() {
        SettingException jedis = assertThrows(SettingException.class,
                () -> Mode2Config.builder(ClientLibrary.JEDIS, SETTINGS).engine(EngineKind.LOOP).build());
        assertEquals("engine loop with jedis: it blocks for each reply, so it runs a thread per connection (engine"
                + " threads)", jedis.getMessage());
        SettingException pool = assertThrows(SettingException.class,
                () -> Mode1Config.builder(ClientLibrary.LETTUCE, SETTINGS).engine(EngineKind.LOOP).build());
        assertTrue(pool.getMessage().startsWith("poolSize with engine loop: each connection of an event loop is one"
                + " lane's own"), pool.getMessage());
    }

    @Test
    void aThreadPerConnectionIsBoundedByTheThreadLimitAndLoopsByTheirOwn() {
        ClientSettings shared = SETTINGS.withPoolSize(0);
        assertEquals(10_000, Mode2Config.builder(ClientLibrary.LETTUCE, shared).threads(10).connections(1000)
                .build().lanes());
        SettingException loops = assertThrows(SettingException.class,
                () -> Mode2Config.builder(ClientLibrary.LETTUCE, shared).threads(10).connections(1001).build());
        assertEquals("threads x connections must be at most 10000 connections on event loops, got 10010",
                loops.getMessage());
        SettingException threads = assertThrows(SettingException.class,
                () -> Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).threads(10).connections(101).build());
        assertEquals("threads x connections must be at most 1000 with engine threads, a thread per connection, got"
                + " 1010", threads.getMessage());
    }

    @Test
    void aBuilderChecksWhatItBuildsAsTheRecordDoes() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).threads(1001).build());
        assertEquals("threads must be 1..1000, got 1001", refused.getMessage());
    }

    @Test
    void unlessToldABuilderDeletesNothingAndMode1ChecksEveryKey() {
        List<CommandTemplate> templates = List.of(new CommandTemplate("GET __key__", 1));

        assertEquals(FlushPolicy.NEVER, Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).build().flush());
        assertEquals(FlushPolicy.NEVER, Mode2Config.builder(ClientLibrary.JEDIS, SETTINGS).build().flush());
        assertEquals(FlushPolicy.NEVER, TemplateConfig.builder(ClientLibrary.JEDIS, SETTINGS, templates).build()
                .flush());
        Mode1Config mode1 = Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).build();
        assertTrue(mode1.checks().verifyAll(), "every key checked, as the command line does unless --no-verify-all");
        assertEquals(ReplicaChoice.FOUND, mode1.replicas(),
                "on the replicas the server lists, as the command line does unless --no-replicas");
    }

    @Test
    void aFlushThatGoesByThePrefixNeedsOneThatEndsInASeparatorAfterThreeCharacters() {
        for (String unsafe : new String[] {"u", "user", "metric", "ab:", "a:"}) {
            DataSpec data = new DataSpec(1024, 1, unsafe, DataSpec.STANDARD_KEY_SIZES, DataSpec.STANDARD_VALUE_SIZES);
            SettingException refused = assertThrows(SettingException.class, () -> Mode2Config.builder(
                    ClientLibrary.JEDIS, SETTINGS).data(data).flush(FlushPolicy.UNLESS_FOREIGN_KEYS).build(), unsafe);
            assertTrue(refused.getMessage().startsWith("flush without confirmFlush tells metric's keys by keyPrefix,"
                    + " and '" + unsafe + "' "), refused.getMessage());
            Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).data(data).flush(FlushPolicy.ALWAYS).build();
            Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).data(data).build();
        }
        for (String safe : new String[] {"abc:", "bench/", "metric:", "my-app.", "cache_"}) {
            DataSpec data = new DataSpec(1024, 1, safe, DataSpec.STANDARD_KEY_SIZES, DataSpec.STANDARD_VALUE_SIZES);
            Mode1Config.builder(ClientLibrary.JEDIS, SETTINGS).data(data).flush(FlushPolicy.UNLESS_FOREIGN_KEYS)
                    .build();
        }
    }
}
