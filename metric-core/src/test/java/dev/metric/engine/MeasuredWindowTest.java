package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.KeyValueClient;
import dev.metric.pacing.FakeClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.LatencySummary;
import dev.metric.result.ClientStalls;
import dev.metric.result.JvmActivity;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A warm-up that flows into its measurement on one drive, on a fake clock: the window is opened
 * from inside the drive, at a moment the test knows, and every request must land on exactly one
 * side of it, by its intended start, with the drive ending the window's length after it opened.
 */
@Timeout(60)
class MeasuredWindowTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final long START = Engine.LEAD_NANOS;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final FakeClock clock = new FakeClock(0);
    private final ManualLoop loop = new ManualLoop(clock, 50 * US);

    @AfterEach
    void stopLoop() {
        loop.close();
    }

    private static DrivePlan paced(int window, double ratePerSec) {
        return new DrivePlan(1, 1, window, false, new TargetRate(ratePerSec), null, TIMEOUT);
    }

    /**
     * At 1,000 ops/s the window opens as operation 95's reply is judged, 100 us after it was due:
     * operations 0 to 95 were due before and are the warm-up's, 96 onwards the measurement's, and
     * the drive sends for the window's 50 ms and stops.
     */
    @Test
    void eachRequestCountsOnTheSideItsIntendedStartFallsOnThreadedLane() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));
        assertSplitAtTheOpening(client);
    }

    @Test
    void eachRequestCountsOnTheSideItsIntendedStartFallsOnAnEventLoop() throws InterruptedException {
        ScriptedLoopClient client = new ScriptedLoopClient(clock, loop, 1,
                (n, request) -> ScriptedClient.Reply.value(100 * US));
        assertSplitAtTheOpening(client);
    }

    private void assertSplitAtTheOpening(KeyValueClient client) throws InterruptedException {
        MeasuredWindow window = MeasuredWindow.later();
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        workload.whenJudged = request -> {
            if (request.number == 95) {
                window.open(clock.nanoTime(), Duration.ofMillis(50));
            }
        };

        DriveSides drive = Engine.drive(client, paced(1, 1000), window, clock, Watch.NONE, lane -> workload, "test");

        long opened = START + 95 * MS + 100 * US;
        assertEquals(opened, window.opensAtNanos());
        assertEquals(96, drive.warmUp().scheduledSent(), "operations 0 to 95 were due before the opening");
        assertEquals(50, drive.measured().scheduledSent(), "operations 96 to 145, due within the window's 50 ms");
        Set<Long> seen = new HashSet<>();
        for (CountedWorkload.Judged judged : List.copyOf(workload.judged)) {
            assertTrue(seen.add(judged.number()), "operation " + judged.number() + " judged once");
            int expected = judged.intendedNanos() < opened ? MeasuredWindow.WARM_UP : MeasuredWindow.MEASURED;
            assertEquals(expected, judged.side(), "operation " + judged.number());
        }
        assertEquals(146, seen.size(), "none lost at the instant");
        assertEquals(opened - START, drive.warmUp().elapsedNanos());
        assertEquals(145 * MS + 100 * US - (opened - START), drive.measured().elapsedNanos(),
                "from the opening to the last reply");
    }

    /**
     * Operation 95's follow-up is due as its reply is judged, just after the window opened there:
     * it counts with operation 95 on the warm-up's side, so that an operation and what follows it
     * up (a miss and its refill, a YCSB read and its update) are never split by the switch.
     */
    @Test
    void aFollowUpCountsWhereTheOperationItContinuesDoes() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));
        MeasuredWindow window = MeasuredWindow.later();
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        workload.followsUp = true;
        workload.whenJudged = request -> {
            if (request.number == 95 && !request.followUp) {
                window.open(clock.nanoTime(), Duration.ofMillis(50));
            }
        };

        Engine.drive(client, paced(1, 1000), window, clock, Watch.NONE, lane -> workload, "test");

        List<CountedWorkload.Judged> judged = List.copyOf(workload.judged);
        for (CountedWorkload.Judged followUp : judged) {
            if (followUp.followUp()) {
                CountedWorkload.Judged origin = judged.stream()
                        .filter(j -> !j.followUp() && j.number() == followUp.number()).findFirst().orElseThrow();
                assertEquals(origin.side(), followUp.side(), "the follow-up of operation " + followUp.number());
            }
        }
        CountedWorkload.Judged straddling = judged.stream().filter(j -> j.followUp() && j.number() == 95)
                .findFirst().orElseThrow();
        assertTrue(straddling.intendedNanos() >= window.opensAtNanos(), "due after the opening");
        assertEquals(MeasuredWindow.WARM_UP, straddling.side());
    }

    /**
     * A lane thread that stalls for 20 ms just before it sends operation 50, with room for 32 in
     * flight: 50 and the operations due during the stall go out late by the client's own delay, while
     * the server answered each in 100 us. The judgement names the client.
     */
    @Test
    void aStalledLaneIsTheClientsDelayAndIsJudgedClientBound() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        workload.beforeOperation = number -> {
            if (number == 50) {
                clock.advance(20 * MS);
            }
        };

        DriveResult drive = Engine.drive(client, new DrivePlan(1, 1, 32, false, new TargetRate(1000),
                Duration.ofMillis(1000), TIMEOUT), clock, Watch.NONE, lane -> workload, "test");

        assertEquals(1000, drive.scheduledSent());
        LatencySummary response = workload.timer.response().summary();
        LatencySummary service = workload.timer.service().summary();
        LatencySummary ownDelay = workload.timer.ownDelay().summary();
        // The burst sent after the stall is answered 100 us a request, so its last replies took up to 2 ms.
        assertTrue(service.maxMicros() <= 2_100, "the server took at most 2 ms: " + service);
        assertTrue(ownDelay.maxMicros() >= 19_000, "the stall is the client's own delay: " + ownDelay);
        String judged = JvmActivity.clientBound(response, service, ownDelay, ClientStalls.NONE, 0.2, 1);

        assertTrue(judged.startsWith("client-bound: response time's p99 is"), judged);
        assertEquals("", JvmActivity.clientBound(response, service, LatencySummary.of(new Histogram(3)),
                ClientStalls.NONE, 0.2, 1), "without the client's own delay, the lateness is the server's");
    }

    @Test
    void aWindowOpensOnce() {
        MeasuredWindow window = MeasuredWindow.later();
        window.open(10, Duration.ofSeconds(1));

        assertThrows(IllegalStateException.class, () -> window.open(20, Duration.ofSeconds(1)));
        assertEquals(MeasuredWindow.WARM_UP, window.sideOf(9));
        assertEquals(MeasuredWindow.MEASURED, window.sideOf(10));
        assertEquals(MeasuredWindow.WARM_UP, MeasuredWindow.later().sideOf(Long.MAX_VALUE - 1),
                "before it opens, everything is the warm-up's");
    }
}
