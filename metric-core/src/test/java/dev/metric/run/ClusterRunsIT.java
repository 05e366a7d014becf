package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Report;
import dev.metric.mode.cache.Mode2Result;
import dev.metric.mode.cache.Mode2Runner;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateReport;
import dev.metric.mode.template.TemplateResult;
import dev.metric.mode.template.TemplateRunner;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Report;
import dev.metric.mode.verify.Mode1Result;
import dev.metric.mode.verify.Mode1Runner;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.NodeLoad;
import dev.metric.result.OpKind;
import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.testkit.Settings;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * mode1 and mode2 on a real 3-master cluster started for these tests, with each client library;
 * and runs that go on while the test moves slots to another master or kills a master that has a
 * replica.
 */
@ExtendWith(LocalRedisExtension.class)
class ClusterRunsIT {

    private static LocalRedisCluster cluster;

    @BeforeAll
    static void useCluster(LocalRedisCluster local) {
        cluster = local;
    }

    private static ClientSettings settings(int poolSize) {
        return Settings.inCluster(new ClientSettings(cluster.address(), 0, poolSize, Duration.ofSeconds(2),
                Duration.ofSeconds(5)));
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void mode1WritesEveryKeyOverEveryMasterAndVerifiesEveryRead(ClientLibrary library) throws Exception {
        Mode1Config config = Mode1Config.builder(library, settings(4)).threads(4).data(DataSpec.standard(4096, 11))
                .pipeline(32).reads(6000).warmupReads(500).inflight(4).flush(FlushPolicy.ALWAYS).verifyAll(true)
                .breakdown(true).progressInterval(Duration.ofSeconds(1)).build();
        List<String> progress = new ArrayList<>();
        Mode1Result result = new Mode1Runner(config,
                new RunContext(true, progress::add, IntervalLog.NONE, new RunControl())).run();

        assertTrue(result.passed(), Mode1Report.render(result, Percentiles.DEFAULT));
        assertEquals(4096, result.load().written().keysWritten());
        assertEquals(0, result.verify().failures().mismatches());
        assertEquals(6000, result.verify().measured().reads());
        long keys = 0;
        for (LocalRedisServer master : cluster.masters()) {
            try (Jedis jedis = new Jedis(master.address().host(), master.address().port())) {
                long onMaster = jedis.dbSize();
                assertTrue(onMaster > 4096 / 3 * 0.8, master.address() + " holds " + onMaster + " keys");
                keys += onMaster;
            }
        }
        assertEquals(4096 + 1, keys, "every key, and the run's marker, on one master");
    }

    @Test
    void cleanupRemovesTheRunsKeysFromEveryMasterThenTheMarkerFromWhicheverServesIt() throws Exception {
        Mode1Config config = Mode1Config.builder(ClientLibrary.JEDIS, settings(2)).threads(2)
                .data(DataSpec.standard(1024, 12)).reads(100).warmupReads(0).flush(FlushPolicy.ALWAYS)
                .verifyAll(false).progressInterval(Duration.ofSeconds(1)).build();
        Mode1Result result = new Mode1Runner(config,
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
        assertTrue(result.passed(), Mode1Report.render(result, Percentiles.DEFAULT));
        List<String> progress = new ArrayList<>();

        DatabaseHousekeeping.removeOwnKeys(settings(1), OwnKeys.of(config.dataSet()), progress::add);

        long keys = 0;
        for (LocalRedisServer master : cluster.masters()) {
            try (Jedis jedis = new Jedis(master.address().host(), master.address().port())) {
                keys += jedis.dbSize();
            }
        }
        assertEquals(0, keys, progress.toString());
        assertEquals(1, progress.size(), progress.toString());
        assertTrue(progress.get(0).startsWith("cleanup: removed 1,024 keys of metric's shape starting with"
                + " 'metric:'"), progress.get(0));
        assertTrue(progress.get(0).endsWith("; then its marker metric:#metric"), progress.get(0));
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void resp3IsSpokenToEveryMaster(ClientLibrary library) throws Exception {
        Mode1Config config = Mode1Config.builder(library, Settings.withResp(settings(4), RespVersion.RESP3)).threads(2)
                .data(DataSpec.standard(2048, 13)).pipeline(32).reads(3000).warmupReads(0).flush(FlushPolicy.ALWAYS)
                .verifyAll(true).progressInterval(Duration.ofMillis(100)).build();
        long[] leastSpeakingResp3 = {Long.MAX_VALUE};
        Mode1Result result = new Mode1Runner(config, new RunContext(true, line -> {
            if (line.startsWith("verify:")) {
                for (LocalRedisServer master : cluster.masters()) {
                    leastSpeakingResp3[0] = Math.min(leastSpeakingResp3[0], ClientList.speaking(master.address(), 3));
                }
            }
        }, IntervalLog.NONE, new RunControl())).run();

        assertTrue(result.passed(), Mode1Report.render(result, Percentiles.DEFAULT));
        assertEquals("RESP3", result.header().client().protocol());
        assertTrue(leastSpeakingResp3[0] >= 1 && leastSpeakingResp3[0] != Long.MAX_VALUE,
                "every master has a RESP3 connection of the run: " + leastSpeakingResp3[0]);
        assertEquals(2048, result.everyKey().intact());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void commandTemplatesAreRoutedByTheirKeyToItsMaster(ClientLibrary library) throws Exception {
        List<CommandTemplate> templates = List.of(new CommandTemplate("SET __key__ __value__", 1),
                new CommandTemplate("GET __key__", 1));
        TemplateConfig config = TemplateConfig.builder(library, settings(library == ClientLibrary.LETTUCE ? 0 : 2),
                templates).threads(2).data(DataSpec.standard(3000, 17)).flush(FlushPolicy.ALWAYS)
                .duration(Duration.ofSeconds(2)).warmup(Duration.ZERO).build();

        TemplateResult result = new TemplateRunner(config,
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl()))
                .run();

        assertTrue(result.passed(), TemplateReport.render(result, Percentiles.DEFAULT));
        long sets = result.traffic().templates().get(0).row().count();
        assertTrue(sets > 100, "SETs sent: " + sets);
        long keys = 0;
        for (LocalRedisServer master : cluster.masters()) {
            try (Jedis jedis = new Jedis(master.address().host(), master.address().port())) {
                long onMaster = jedis.dbSize();
                assertTrue(onMaster > 0, master.address() + " holds none of the keys: nothing was routed to it");
                keys += onMaster;
            }
        }
        assertTrue(keys > 0 && keys <= sets, keys + " keys for " + sets + " SETs, none refused with MOVED");
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void mode2RunsItsTrafficOnTheCluster(ClientLibrary library) throws Exception {
        Mode2Config config = Mode2Config.builder(library, settings(library == ClientLibrary.LETTUCE ? 0 : 2))
                .threads(2).data(DataSpec.standard(1024, 5)).flush(FlushPolicy.ALWAYS).ttl(new TtlRange(60, 120))
                .writeRatio(0.2).duration(Duration.ofSeconds(3)).warmup(Duration.ZERO).inflight(8).strict(true)
                .breakdown(true).build();
        Mode2Result result = new Mode2Runner(config,
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();

        assertTrue(result.passed(), Mode2Report.render(result, Percentiles.DEFAULT));
        assertTrue(result.phases().measured().all().count() > 0);
        assertEquals(0, result.phases().measured().errors());
        assertEquals(result.phases().measured().figures(OpKind.GET_HIT).count(), result.serverDelta().keyspaceHits(),
                "the masters together count the hits the client saw");
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void slotsMovedToAnotherMasterMidRunAreFollowedWithEveryValueIntact(ClientLibrary library) throws Exception {
        Mode2Config config = Mode2Config.builder(library, settings(4)).threads(2).data(DataSpec.standard(2048, 7))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(60, 120)).writeRatio(0.2).duration(Duration.ofSeconds(5))
                .warmup(Duration.ZERO).inflight(8).build();
        Thread migration = new Thread(() -> {
            sleep(1500);
            SlotMigration.move(cluster.masters().get(0), cluster.masters().get(1), MIGRATED_FROM, MIGRATED_SLOTS);
        });
        migration.start();
        Mode2Result result;
        try {
            result = new Mode2Runner(config,
                    new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
        } finally {
            migration.join();
            SlotMigration.move(cluster.masters().get(1), cluster.masters().get(0), MIGRATED_FROM, MIGRATED_SLOTS);
        }

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertNull(result.faults().stoppedEarly(), report);
        assertEquals(0, result.verificationFailures(), report);
        assertEquals(0, result.phases().measured().errors(), "MOVED and ASK are followed, not failures: " + report);
        assertTrue(result.phases().measured().figures(OpKind.GET_HIT).count() > 0, report);
        assertEquals(3, result.serverView().nodes().size(), report);
        Map<String, Integer> slots = result.serverView().nodes().stream()
                .collect(Collectors.toMap(NodeLoad::address, NodeLoad::slots));
        assertEquals(5461 - MIGRATED_SLOTS, slots.get(cluster.masters().get(0).address().toString()), report);
        assertEquals(5461 + MIGRATED_SLOTS, slots.get(cluster.masters().get(1).address().toString()), report);
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aMasterKilledMidRunFailsOverAndTheRunCompletesCountingItsErrors(ClientLibrary library, RedisServers servers)
            throws Exception {
        LocalRedisCluster replicated = servers.cluster(3, 1, Duration.ofSeconds(1));
        ClientSettings settings = Settings.inCluster(new ClientSettings(replicated.address(), 0, 4,
                Duration.ofMillis(500), Duration.ofSeconds(1)));
        Mode2Config config = Mode2Config.builder(library, settings).threads(2).data(DataSpec.standard(2048, 9))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(60, 120)).writeRatio(0.2).duration(Duration.ofSeconds(8))
                .warmup(Duration.ZERO).build();
        LocalRedisServer victim = replicated.masters().get(1);
        Thread kill = new Thread(() -> {
            sleep(2000);
            victim.close();
        });
        List<String> progress = new ArrayList<>();
        kill.start();
        Mode2Result result;
        try {
            result = new Mode2Runner(config,
                    new RunContext(true, progress::add, IntervalLog.NONE, new RunControl())).run();
        } finally {
            kill.join();
        }

        String report = Mode2Report.render(result, Percentiles.DEFAULT) + String.join("\n", progress);
        assertNull(result.faults().stoppedEarly(), report);
        assertEquals(8.0, result.phases().measured().schedule().durationSec(), 1.0,
                "the run goes on to its end: " + report);
        assertTrue(result.phases().measured().errors() > 0, "requests to the killed master fail: " + report);
        assertTrue(result.serverView().nodes().isEmpty(),
                "counters of a replaced master are not subtracted: " + report);
        assertNull(result.serverDelta(), report);
        try (Jedis survivor = new Jedis(replicated.masters().get(0).address().host(),
                replicated.masters().get(0).address().port())) {
            String nodes = survivor.clusterNodes();
            assertEquals(3, nodes.lines().filter(line -> line.contains("master") && !line.contains("fail")).count(),
                    "a replica took over: " + nodes);
        }
    }

    private static final int MIGRATED_FROM = 0;
    private static final int MIGRATED_SLOTS = 200;

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
