package dev.metric.mode.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.Sentinels;
import dev.metric.client.jedis.SentinelLookup;
import dev.metric.config.FlushPolicy;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.JsonResults;
import dev.metric.report.ResultSchema;
import dev.metric.report.RunOrigin;
import dev.metric.result.LaneOutages;
import dev.metric.run.RunContext;
import dev.metric.run.RunControl;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.testkit.Settings;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * mode2 through three Sentinels (real {@code redis-server --sentinel} processes) whose primary is
 * stopped in the middle of the measured traffic: the run follows the promotion of the replica and
 * goes on to its end, each lane's outage ends, and under --strict no acknowledged write is lost,
 * since a primary that is shut down hands its replica everything it acknowledged first.
 */
@ExtendWith(LocalRedisExtension.class)
class Mode2SentinelIT {

    private static final String MASTER = "metric-primary";

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aRunFollowsItsPrimaryThroughAFailoverAndLosesNoAcknowledgedWrite(ClientLibrary library,
                                                                       RedisServers servers,
                                                                       @TempDir Path directory) throws Exception {
        RedisServers.Replicated set = servers.primaryWithReplicas(1);
        LocalRedisServer primary = set.primary();
        Sentinels sentinels = servers.sentinels(primary, MASTER, 3, Duration.ofMillis(500));
        ClientSettings settings = Settings.watchedBy(new ClientSettings(primary.address(), 0,
                library == ClientLibrary.JEDIS ? 2 : 0, Duration.ofSeconds(1), Duration.ofSeconds(1)), sentinels);
        // One lane: two writes of a key never overlap, so every key's last write is known to --strict.
        Mode2Config config = Mode2Config.builder(library, settings).threads(1).data(DataSpec.standard(2048, 7))
                .flush(FlushPolicy.ALWAYS).ttl(new TtlRange(600, 900)).writeRatio(0.2)
                .duration(Duration.ofSeconds(12)).warmup(Duration.ZERO).strict(true)
                .progressInterval(Duration.ofMillis(500)).build();
        AtomicBoolean stopped = new AtomicBoolean();
        // The primary goes at the first progress line of the measured traffic.
        RunContext context = new RunContext(true, line -> {
            if (line.startsWith("measure:") && stopped.compareAndSet(false, true)) {
                primary.close();
            }
        }, IntervalLog.NONE, new RunControl());

        Mode2Result result = new Mode2Runner(config, context).run();

        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(stopped.get(), "the primary was stopped mid-run");
        assertEquals(set.replicas().get(0).address(), SentinelLookup.primary(sentinels, Duration.ofSeconds(1)),
                "the Sentinels promoted the replica");
        assertNull(result.faults().stoppedEarly(), report);
        LaneOutages outages = result.phases().measured().failed().laneOutages();
        assertEquals(1, outages.count(), "the one lane went through one outage: " + report);
        assertEquals(0, outages.unended(), "and came out of it on the promoted replica: " + report);
        assertTrue(result.phases().measured().errors() > 0, report);
        assertEquals(0, result.strict().findings().lostKeys(), report);
        assertEquals(0, result.strict().findings().staleKeys(), report);
        assertTrue(report.contains("outages  1 on the lanes"), report);
        Path file = directory.resolve("result.json");
        JsonResults.write(result, RunOrigin.UNKNOWN, Percentiles.DEFAULT, file);
        JsonNode json = ResultSchema.assertValid(file);
        assertEquals(MASTER, json.at("/config/client/sentinels/master").asText());
        assertEquals(1, json.at("/measured/laneOutages/lengths/count").asLong());
    }
}
