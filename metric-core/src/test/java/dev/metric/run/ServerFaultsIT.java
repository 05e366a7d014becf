package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.cache.Mode2Report;
import dev.metric.mode.cache.Mode2Result;
import dev.metric.mode.cache.Mode2Runner;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.mode.verify.Mode1Report;
import dev.metric.mode.verify.Mode1Result;
import dev.metric.mode.verify.Mode1Runner;
import dev.metric.record.IntervalLog;
import dev.metric.record.Percentiles;
import dev.metric.result.Outage;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSpec;
import dev.metric.workload.TtlRange;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * Faults injected into a real redis-server while a run goes on: killed, restarted, paused, out of
 * memory. Each run must end (the futures' limits only guard against a hang), with its figures
 * and the fault in its result.
 */
@ExtendWith(LocalRedisExtension.class)
class ServerFaultsIT {

    private static final long HANG_GUARD_SECONDS = 60;

    private final ExecutorService runs = Executors.newSingleThreadExecutor();
    private final List<String> progress = new CopyOnWriteArrayList<>();
    @AfterEach
    void stopRuns() {
        runs.shutdownNow();
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aKilledServerEndsTheRunWithWhatItMeasured(ClientLibrary library, RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        Future<Mode2Result> run = runs.submit(() -> mode2(library, server.address(), Duration.ofSeconds(60),
                Duration.ofSeconds(1)));
        awaitMeasuredTraffic();
        long killedAt = System.nanoTime();
        kill(server);

        Mode2Result result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        System.out.printf("%s: the run ended %.2f s after SIGKILL (command timeout 1 s)%n", library,
                (System.nanoTime() - killedAt) / 1e9);

        assertFalse(result.faults().ranToTheEnd());
        assertTrue(result.faults().stoppedEarly().contains("accepts no connection"), result.faults().stoppedEarly());
        assertTrue(result.phases().measured().all().count() > 0, "what was measured before the kill is kept");
        Outage outage = result.faults().outages().get(result.faults().outages().size() - 1);
        assertFalse(outage.recovered());
        assertFalse(result.passed());
        assertNull(result.serverDelta(), "the dead server's counters cannot be read");
        String report = Mode2Report.render(result, Percentiles.DEFAULT);
        assertTrue(report.contains("STOPPED  early: the server at " + server.address()), report);
        assertTrue(report.contains("result   FAILED: stopped early"), report);
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aRestartedServerIsAnOutageTheRunComesThrough(ClientLibrary library, RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        int port = server.address().port();
        RunControl control = new RunControl();
        Future<Mode2Result> run = runs.submit(() -> new Mode2Runner(config(library, server.address(),
                Duration.ofSeconds(60), Duration.ofSeconds(5)), new RunContext(true, progress::add, IntervalLog.NONE,
                control)).run());
        awaitMeasuredTraffic();
        kill(server);
        awaitProgress("outage:"); // the run has seen requests fail: restart it now
        servers.startOn(port);
        awaitProgress("outage: requests succeed again");
        control.stop("the test saw the run come through");

        Mode2Result result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

        assertEquals("the test saw the run come through", result.faults().stoppedEarly());
        assertFalse(result.faults().outages().isEmpty(), progress.toString());
        Outage outage = result.faults().outages().get(0);
        assertTrue(outage.recovered(), result.faults().outages().toString());
        assertTrue(outage.durationSec() > 0, outage.toString());
        assertTrue(result.phases().measured().all().count() > 0);
        assertNotNull(result.serverView().serverInfo().after(),
                "the admin connection reconnects to the restarted server");
        assertNotEquals(result.serverView().serverInfo().before().get("run_id"),
                result.serverView().serverInfo().after().get("run_id"));
        assertNull(result.serverDelta(), "counters of two server processes are not subtracted");
        if (library == ClientLibrary.JEDIS) {
            assertTrue(result.phases().measured().errors() > 0,
                    "requests in flight and refused connections are errors");
        }
        assertTrue(Mode2Report.render(result, Percentiles.DEFAULT)
                .contains("then requests succeeded again and the run went on"));
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE"})
    void aPausedServerCostsTimeoutsAndTheRunEndsOnTime(ClientLibrary library, RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        Future<Mode2Result> run = runs.submit(() -> mode2(library, server.address(), Duration.ofSeconds(4),
                Duration.ofMillis(300)));
        awaitMeasuredTraffic();
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.clientPause(1500);
        }

        Mode2Result result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

        assertTrue(result.faults().ranToTheEnd(), result.faults().stoppedEarly());
        assertTrue(result.phases().measured().errors() > 0, "requests past the 300 ms timeout are errors");
        assertTrue(result.phases().measured().failed().firstError().toLowerCase().contains("timed out"),
                result.phases().measured().failed().firstError());
        assertFalse(result.faults().outages().isEmpty());
        assertTrue(result.faults().outages().stream().allMatch(Outage::recovered));
    }

    @Test
    void writesTheServerRefusesForMemoryAreRetriedUntilItHasRoom(RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start("--maxmemory-policy", "noeviction");
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            long used = Long.parseLong(server.info().fields().get("used_memory"));
            jedis.configSet("maxmemory", Long.toString(used + 256 * 1024));
        }
        Future<Mode1Result> run = runs.submit(() -> new Mode1Runner(mode1(server.address()),
                new RunContext(true, progress::add, IntervalLog.NONE, new RunControl())).run());
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            while (errorReplies(jedis) == 0 && !run.isDone()) {
                Thread.onSpinWait(); // until the server has refused a write
            }
            jedis.configSet("maxmemory", "0");
        }

        Mode1Result result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

        assertTrue(result.load().failures().errorReplies() > 0, "OOM replies are counted");
        assertTrue(result.load().failures().firstError().contains("OOM"), result.load().failures().firstError());
        assertEquals(0, result.load().keysNotWritten());
        assertTrue(result.passed(), Mode1Report.render(result, Percentiles.DEFAULT));
        assertTrue(Mode1Report.render(result, Percentiles.DEFAULT)
                .contains("error replies and 0 connection errors retried"));
    }

    @Test
    void aStopFromOutsideEndsTheRunAtOnceWithItsReason(RedisServers servers) throws Exception {
        LocalRedisServer server = servers.start();
        RunControl control = new RunControl();
        Future<Mode2Result> run = runs.submit(() -> new Mode2Runner(config(ClientLibrary.LETTUCE, server.address(),
                Duration.ofSeconds(60), Duration.ofSeconds(1)),
                        new RunContext(true, progress::add, IntervalLog.NONE, control)).run());
        awaitMeasuredTraffic();
        control.stop("interrupted by SIGINT");

        Mode2Result result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

        assertEquals("interrupted by SIGINT", result.faults().stoppedEarly());
        assertTrue(result.phases().measured().schedule().durationSec() < 60, "the measured phase was cut short");
        assertTrue(result.phases().measured().all().count() > 0);
        assertNotNull(result.serverDelta());
        assertEquals(List.of(), result.faults().outages());
    }

    private static void kill(LocalRedisServer server) {
        long pid = Long.parseLong(server.info().fields().get("process_id"));
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow();
        process.destroyForcibly(); // SIGKILL
        process.onExit().join();
    }

    /** Waits until the measured phase has counted a response: a tick of it at a rate above 0. */
    private void awaitMeasuredTraffic() throws InterruptedException {
        awaitProgress(line -> line.matches("measure: [1-9][0-9,]* ops/s.*"), "a tick of measured traffic");
    }

    private static long errorReplies(Jedis jedis) {
        for (String line : jedis.info("stats").split("\\r?\\n")) {
            if (line.startsWith("total_error_replies:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return 0;
    }

    private void awaitProgress(String prefix) throws InterruptedException {
        awaitProgress(line -> line.startsWith(prefix), "a line starting '" + prefix + "'");
    }

    /** Waits for a progress line {@code wanted} accepts; fails when none came in the hang guard's time. */
    private void awaitProgress(Predicate<String> wanted, String what) throws InterruptedException {
        for (int i = 0; i < HANG_GUARD_SECONDS * 100; i++) {
            if (progress.stream().anyMatch(wanted)) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no progress line: " + what + ": " + progress);
    }

    private Mode2Result mode2(ClientLibrary library, ServerAddress address, Duration duration, Duration timeout)
            throws InterruptedException {
        return new Mode2Runner(config(library, address, duration, timeout),
                new RunContext(true, progress::add, IntervalLog.NONE, new RunControl())).run();
    }

    private static Mode2Config config(ClientLibrary library, ServerAddress address, Duration duration,
                                      Duration timeout) {
        ClientSettings settings = new ClientSettings(address, 0, library == ClientLibrary.JEDIS ? 2 : 0,
                Duration.ofMillis(500), timeout);
        return Mode2Config.builder(library, settings).threads(2).data(DataSpec.standard(1024, 3))
                .flush(FlushPolicy.NEVER).ttl(new TtlRange(600, 900)).writeRatio(0.2).duration(duration)
                .warmup(Duration.ZERO).progressInterval(Duration.ofMillis(200)).build();
    }

    private static Mode1Config mode1(ServerAddress address) {
        ClientSettings settings = new ClientSettings(address, 0, 2, Duration.ofMillis(500), Duration.ofSeconds(2));
        return Mode1Config.builder(ClientLibrary.JEDIS, settings).threads(2).data(DataSpec.standard(1024, 5))
                .reads(2000).warmupReads(0).flush(FlushPolicy.NEVER).progressInterval(Duration.ofMillis(200)).build();
    }
}
