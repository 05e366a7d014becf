package dev.metric.mode.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.config.FlushPolicy;
import dev.metric.pacing.TargetRate;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.OperationRow;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.Settings;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** {@code metric run}'s templates against a real redis-server started for these tests; each test uses its own db. */
@ExtendWith(LocalRedisExtension.class)
class TemplateRunnerIT {

    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    private static TemplateConfig config(ClientLibrary library, int database, RespVersion resp,
                                         List<CommandTemplate> templates) {
        return config(library, database, resp, templates, FlushPolicy.ALWAYS);
    }

    private static TemplateConfig config(ClientLibrary library, int database, RespVersion resp,
                                         List<CommandTemplate> templates, FlushPolicy flush) {
        ClientSettings settings = Settings.withResp(new ClientSettings(server.address(), database,
                library == ClientLibrary.JEDIS ? 2 : 0, Duration.ofSeconds(2), Duration.ofSeconds(10)), resp);
        return TemplateConfig.builder(library, settings, templates).threads(2).data(DataSpec.standard(1000, 3))
                .flush(flush).duration(Duration.ofSeconds(2)).warmup(Duration.ZERO)
                .progressInterval(Duration.ofMillis(500)).build();
    }

    private static TemplateResult run(TemplateConfig config) throws InterruptedException {
        return new TemplateRunner(config, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void eachTemplateIsSentAsOftenAsItsWeightSaysAndTheServerCountsTheSame(ClientLibrary library) throws Exception {
        // Without a warm-up the server's counters are read with no traffic flowing, so they count exactly the run's.
        TemplateResult result = run(config(library, library.ordinal(), RespVersion.RESP2, List.of(
                new CommandTemplate("SET __key__ __value__", 1), new CommandTemplate("GET __key__", 3))));

        assertTrue(result.passed(), TemplateReport.render(result, Percentiles.DEFAULT));
        TemplateFigures set = result.traffic().templates().get(0);
        TemplateFigures get = result.traffic().templates().get(1);
        long total = set.row().count() + get.row().count();
        assertTrue(total > 2000, "enough requests to judge: " + total);
        double sd = Math.sqrt(0.25 * 0.75 / total);
        assertEquals(0.25, (double) set.row().count() / total, 5 * sd, "SET's share of " + total);
        assertEquals(set.row().count(), set.row().serverCalls(), "the server counted every SET");
        assertEquals(get.row().count(), get.row().serverCalls(), "the server counted every GET");
        assertEquals(Map.of("string", set.row().count()), set.replyTypes(), "every SET answered OK");
        assertEquals(get.row().count(), get.replyTypes().getOrDefault("string", 0L)
                + get.replyTypes().getOrDefault("nil", 0L), "a GET finds a string or nothing");
        assertTrue(get.replyTypes().get("string") > 0, "GETs of keys the SETs wrote found them");
        assertTrue(TemplateReport.render(result, Percentiles.DEFAULT).startsWith(
                "metric run: your commands, timed; replies checked by type only, NOT verified"));
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void anErrorReplyIsCountedAgainstItsTemplateAndFailsTheRun(ClientLibrary library) throws Exception {
        TemplateResult result = run(config(library, 4 + library.ordinal(), RespVersion.RESP2, List.of(
                new CommandTemplate("SET __key__ __value__", 1), new CommandTemplate("INCR __key__", 1))));

        assertFalse(result.passed());
        TemplateFigures incr = result.traffic().templates().get(1);
        assertTrue(incr.row().errors() > 0, "INCR of a key holding a value that is not a number: " + incr);
        assertEquals(0, result.traffic().templates().get(0).row().errors());
        assertTrue(result.traffic().firstError().startsWith("INCR: ERR value is not an integer"),
                result.traffic().firstError());
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aHashReadBackIsAMapOverResp3AndAnArrayOverResp2(ClientLibrary library) throws Exception {
        List<CommandTemplate> templates = List.of(new CommandTemplate("HSET __key__ f __value__", 1),
                new CommandTemplate("HGETALL __key__", 1));
        int database = 8 + library.ordinal();
        // Every hash exists before the run: jedis hands an empty RESP3 map over as an empty list.
        DataSet dataSet = DataSet.standard(3, 1000);
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(database);
            jedis.flushDB();
            for (int i = 0; i < dataSet.keyCount(); i++) {
                jedis.hset(dataSet.key(i), "f".getBytes(StandardCharsets.US_ASCII), dataSet.value(i));
            }
        }

        TemplateResult resp3 = run(config(library, database, RespVersion.RESP3, templates, FlushPolicy.NEVER));
        TemplateResult resp2 = run(config(library, database, RespVersion.RESP2, templates, FlushPolicy.NEVER));

        assertTrue(resp3.passed() && resp2.passed(), TemplateReport.render(resp3, Percentiles.DEFAULT)
                + TemplateReport.render(resp2, Percentiles.DEFAULT));
        assertEquals(Map.of("integer", resp3.traffic().templates().get(0).row().count()),
                resp3.traffic().templates().get(0).replyTypes());
        assertTrue(resp3.traffic().templates().get(1).replyTypes().get("map") > 0,
                resp3.traffic().templates().get(1).toString());
        assertFalse(resp3.traffic().templates().get(1).replyTypes().containsKey("array"));
        assertTrue(resp2.traffic().templates().get(1).replyTypes().get("array") > 0,
                resp2.traffic().templates().get(1).toString());
        assertFalse(resp2.traffic().templates().get(1).replyTypes().containsKey("map"));
    }

    /**
     * At a rate released in ticks, run warms up on the same drive and flows into its measurement,
     * as mode2 does: the warm-up's requests are left out, the measured window holds the schedule's
     * requests of its length (to within one tick's), every one sent, and the stall meter watched it.
     */
    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void atARateInTicksTheWarmupFlowsIntoAWindowOfTheSchedulesRequests(ClientLibrary library) throws Exception {
        TemplateConfig config = config(library, 10 + library.ordinal(), RespVersion.RESP2,
                List.of(new CommandTemplate("SET __key__ __value__", 1))).toBuilder()
                .warmup(Duration.ofMillis(500)).rate(new TargetRate(1000)).rateTick(Duration.ofMillis(20)).build();

        TemplateResult result = run(config);

        String report = TemplateReport.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        assertTrue(result.warmupOps() > 0 && result.warmupSec() > 0, "the warm-up ran first: " + report);
        assertEquals(0, result.traffic().schedule().unsentOps(), report);
        assertEquals(2000, result.traffic().schedule().scheduledOps(), 20,
                "1,000 a second for 2 s, in ticks of 20: " + report);
        OperationRow set = result.traffic().templates().get(0).row();
        // The server's counters are read as the traffic flows on into the window: a request sent meanwhile
        // counts on the server's side only; the warm-up's requests do not.
        assertTrue(set.serverCalls() >= set.count() && set.serverCalls() < set.count() + result.warmupOps(),
                "the server counted the window's " + set.count() + " SETs, not the warm-up's " + result.warmupOps()
                        + ": " + set.serverCalls());
        assertTrue(result.traffic().work().jvm().stalls().metered(), "the stall meter ran: " + report);
        assertTrue(report.contains("released in ticks of 20 ms"), report);
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aRunBoundedByRequestsSendsExactlyThatManyOnEachLane(ClientLibrary library) throws Exception {
        TemplateConfig config = config(library, 10 + library.ordinal(), RespVersion.RESP2,
                List.of(new CommandTemplate("INCR __key__", 1))).toBuilder().threads(3)
                .requests(RequestCount.perLane(250)).build();

        TemplateResult result = run(config);

        String report = TemplateReport.render(result, Percentiles.DEFAULT);
        assertTrue(result.passed(), report);
        OperationRow incr = result.traffic().templates().get(0).row();
        assertEquals(750, incr.count(), "250 on each of 3 lanes: " + report);
        assertEquals(750, incr.serverCalls(), "the server counted as many");
        assertTrue(report.contains("requests 250 requests on each lane (-n)"), report);
    }

    /** memtier's -n allkeys: every key of the data set written once, the keys split among the lanes. */
    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void allKeysWritesEachKeyOfTheDataSetOnce(ClientLibrary library) throws Exception {
        TemplateConfig config = config(library, 12 + library.ordinal(), RespVersion.RESP2,
                List.of(new CommandTemplate("SET __key__ __value__", 1))).toBuilder().threads(3)
                .keyDistribution(new KeyDistribution.Parallel()).requests(RequestCount.ALL_KEYS).build();

        TemplateResult result = run(config);

        OperationRow set = result.traffic().templates().get(0).row();
        assertEquals(1000, set.count(), TemplateReport.render(result, Percentiles.DEFAULT));
        assertEquals(1000, set.serverCalls());
        DataSet keys = config.dataSet();
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(config.client().database());
            byte[][] all = new byte[keys.keyCount()][];
            for (int i = 0; i < all.length; i++) {
                all[i] = keys.key(i);
            }
            assertEquals(1000, jedis.exists(all), "1,000 SETs and every key there: each written once");
        }
    }

    /**
     * Each template draws its keys its own way (memtier's --command-key-pattern): the SETs walk the
     * keys in order from the first, the GETs stay around key 500, which no SET reaches.
     */
    @Test
    void eachTemplateDrawsItsKeysItsOwnWay() throws Exception {
        TemplateConfig config = config(ClientLibrary.JEDIS, 14, RespVersion.RESP2, List.of(
                new CommandTemplate("SET __key__ __value__", 1, new KeyDistribution.Sequential()),
                new CommandTemplate("GET __key__", 1, new KeyDistribution.Gaussian(500.0, 2.0))))
                .toBuilder().threads(1).requests(RequestCount.perLane(400)).build();

        TemplateResult result = run(config);

        String report = TemplateReport.render(result, Percentiles.DEFAULT);
        long sets = result.traffic().templates().get(0).row().count();
        long gets = result.traffic().templates().get(1).row().count();
        assertEquals(400, sets + gets, report);
        assertEquals(Map.of("nil", gets), result.traffic().templates().get(1).replyTypes(),
                "every GET was of a key near 500, none of which a SET wrote: " + report);
        DataSet keys = config.dataSet();
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.select(config.client().database());
            for (int i = 0; i < 1000; i++) {
                assertEquals(i < sets, jedis.exists(keys.key(i)), "key " + i + " of " + sets + " SETs in order");
            }
        }
        assertTrue(report.contains("`GET __key__` draws its keys gaussian, median key 500, standard deviation 2 keys"),
                report);
    }
}
