package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.config.Mode1Config;
import dev.metric.config.Mode2Config;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.report.Mode1Report;
import dev.metric.report.Mode2Report;
import dev.metric.result.Mode1Result;
import dev.metric.result.Mode2Result;
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

/**
 * mode1 --skip-load on keys a mode2 run wrote, and mode2 --skip-load on keys a mode1 run wrote:
 * every value fails the other mode's check, and the report says in one line why.
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
    void mode1OnAMode2RunsKeysSaysTheyAreMode2s() throws Exception {
        new Mode2Runner(mode2(3, false), true, line -> { }, IntervalLog.NONE, new RunControl()).run();

        Mode1Result result = new Mode1Runner(mode1(3, true), true, line -> { }, IntervalLog.NONE, new RunControl())
                .run();

        assertFalse(result.passed());
        assertEquals(KEYS, result.everyKey().otherModeValues(), "every key holds mode2's preload value");
        assertEquals(result.verify().mismatches(), result.verify().otherModeValues(), "every random read too");
        String report = Mode1Report.render(result, Percentiles.DEFAULT);
        long mode2Values = KEYS + result.verify().mismatches();
        assertTrue(report.contains("\nwhy      " + String.format(Locale.ROOT, "%,d", mode2Values)
                + " of the values read are intact values of metric mode2"), report);
    }

    @Test
    void mode2OnAMode1RunsKeysSaysTheyAreMode1s() throws Exception {
        new Mode1Runner(mode1(4, false), true, line -> { }, IntervalLog.NONE, new RunControl()).run();

        Mode2Result result = new Mode2Runner(mode2(4, true), true, line -> { }, IntervalLog.NONE, new RunControl())
                .run();

        PhaseResult measured = result.measured();
        assertFalse(result.passed());
        long hits = measured.figures(OpKind.GET_HIT).count();
        assertTrue(hits > 0);
        assertEquals(hits, measured.verificationFailures(), "mode1's values name no version");
        assertEquals(hits, measured.otherModeValues());
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains("\nwhy      " + String.format(Locale.ROOT, "%,d", hits)
                + " of the hits are intact values of metric mode1"), report);
    }
}
