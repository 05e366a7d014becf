package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Report;
import dev.metric.mode.cache.Mode2Result;
import dev.metric.mode.cache.Mode2Runner;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Runner;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * mode1 --skip-load on keys a mode2 run wrote, and mode2 --skip-load on keys a mode1 run wrote:
 * refused before any traffic, in one line. Where only some keys hold the other mode's values, the
 * run goes on, those values fail its check, and the report says in one line why.
 */
@ExtendWith(LocalRedisExtension.class)
class OtherModeIT {

    private static final int KEYS = 1024;
    private static final DataSpec DATA = DataSpec.standard(KEYS, 31);
    private static LocalRedisServer server;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        server = local;
    }

    private static ClientSettings settings(int database) {
        return new ClientSettings(server.address(), database, 2, Duration.ofSeconds(2), Duration.ofSeconds(10));
    }

    private static Mode1Config mode1(int database, boolean skipLoad) {
        return Mode1Config.builder(ClientLibrary.JEDIS, settings(database)).threads(2).data(DATA).pipeline(32)
                .reads(200).warmupReads(0).flush(skipLoad ? FlushPolicy.NEVER : FlushPolicy.ALWAYS).skipLoad(skipLoad)
                .verifyAll(true).progressInterval(Duration.ofSeconds(1)).build();
    }

    /** Reads only, TTLs far beyond the run: every key keeps the value its writer gave it. */
    private static Mode2Config mode2(int database, boolean skipLoad) {
        return Mode2Config.builder(ClientLibrary.JEDIS, settings(database)).threads(2).data(DATA)
                .flush(skipLoad ? FlushPolicy.NEVER : FlushPolicy.ALWAYS).skipLoad(skipLoad)
                .ttl(new TtlRange(600, 600)).writeRatio(0).duration(Duration.ofSeconds(1)).warmup(Duration.ZERO)
                .build();
    }

    @Test
    void mode1OnAMode2RunsKeysIsRefusedBeforeItReads() throws Exception {
        new Mode2Runner(mode2(3, false), new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();

        RunRefusedException refused = assertThrows(RunRefusedException.class, () -> new Mode1Runner(mode1(3, true),
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run());

        assertTrue(refused.getMessage().contains(" refused: db 3 of 127.0.0.1:" + server.address().port()
                + " holds metric mode2's data: 16 of 16 of the run's keys looked at hold intact mode2 values, none a"
                + " mode1 value"), refused.getMessage());
    }

    @Test
    void mode2OnAMode1RunsKeysIsRefusedBeforeItReads() throws Exception {
        new Mode1Runner(mode1(4, false), new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
        long commandsBefore = commandsServed();

        RunRefusedException refused = assertThrows(RunRefusedException.class, () -> new Mode2Runner(mode2(4, true),
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run());

        assertTrue(refused.getMessage().contains(" holds metric mode1's data: 16 of 16 of the run's keys looked at"
                + " hold intact mode1 values, none a mode2 value"), refused.getMessage());
        assertTrue(commandsServed() - commandsBefore < 100, "no traffic before the refusal");
    }

    @Test
    void mode2OnKeysHalfOfWhichAMode1RunRewroteSaysWhyTheirsFail() throws Exception {
        new Mode2Runner(mode2(5, false), new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();
        Mode1Config firstHalf = Mode1Config.builder(ClientLibrary.JEDIS, settings(5)).threads(2)
                .data(DataSpec.standard(KEYS / 2, 31)).pipeline(32).reads(100).warmupReads(0)
                .flush(FlushPolicy.NEVER).progressInterval(Duration.ofSeconds(1)).build();
        new Mode1Runner(firstHalf, new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl())).run();

        Mode2Result result = new Mode2Runner(mode2(5, true),
                new RunContext(true, line -> { }, IntervalLog.NONE, new RunControl()))
                .run();

        PhaseResult measured = result.phases().measured();
        assertFalse(result.passed());
        long hits = measured.figures(OpKind.GET_HIT).count();
        assertTrue(measured.checks().otherModeValues() > 0 && measured.checks().otherModeValues() < hits,
                "about half the hits are mode1's values: " + measured.checks().otherModeValues() + " of " + hits);
        assertEquals(measured.checks().verificationFailures(), measured.checks().otherModeValues(),
                "the other half are intact");
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains("\nwhy      " + String.format(Locale.ROOT, "%,d",
                measured.checks().otherModeValues())
                + " of the hits are intact values of metric mode1"), report);
    }

    private static long commandsServed() {
        try (Jedis jedis = new Jedis("127.0.0.1", server.address().port())) {
            String stats = jedis.info("stats");
            return Long.parseLong(stats.replaceAll("(?s).*total_commands_processed:(\\d+).*", "$1"));
        }
    }
}
