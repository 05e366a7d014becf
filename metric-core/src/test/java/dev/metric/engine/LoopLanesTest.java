package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.RequestTimer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The loop engine on a fake clock: lanes driven on their connection's event loop, sent from their
 * loop's timer and from their completions, against a scripted server that answers each connection
 * in order.
 */
@Timeout(60)
class LoopLanesTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final long START = Engine.LEAD_NANOS;
    private static final long TIMER_SLACK = 50 * US;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final FakeClock clock = new FakeClock(0);
    private final ManualLoop loop = new ManualLoop(clock, TIMER_SLACK);

    @AfterEach
    void stopLoop() {
        loop.close();
    }

    private ScriptedLoopClient client(int loops, ScriptedClient.Script script) {
        return new ScriptedLoopClient(clock, loop, loops, script);
    }

    private static DrivePlan paced(int window, double ratePerSec, Duration length) {
        return new DrivePlan(1, 1, window, false, new TargetRate(ratePerSec), length, TIMEOUT);
    }

    @Test
    void theLoopsTimerSendsEachOperationWhenItIsDueThoughItFiresATimerSlackEarly() throws InterruptedException {
        ScriptedLoopClient client = client(1, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = Engine.drive(client, paced(1, 1000, Duration.ofMillis(20)), clock, Watch.NONE,
                lane -> workload, "test");

        assertEquals(20, drive.scheduledSent(), "every operation due in 20 ms at 1,000 ops/s");
        assertEquals(0, drive.unsent());
        for (int k = 0; k < 20; k++) {
            CountedWorkload.Judged request = workload.judged(k);
            assertEquals(START + k * MS, request.intendedNanos());
            assertEquals(0, request.latenessNanos(), "operation " + k + " went out when it was due, not before");
            assertEquals(100 * US, request.serviceNanos());
        }
        assertEquals(START + 19 * MS + 100 * US - START, drive.elapsedNanos(), "from the start to the last reply");
    }

    @Test
    void aFullWindowSendsWhatFellDueFromItsCompletionsLateThenCatchesUp() throws InterruptedException {
        // Operation 2, due at 2 ms, takes 5 ms; with two in flight, 4 to 6 fall due while the window is full.
        ScriptedLoopClient client = client(1,
                (n, request) -> ScriptedClient.Reply.value(n == 2 ? 5 * MS : 100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = Engine.drive(client, paced(2, 1000, Duration.ofMillis(20)), clock, Watch.NONE,
                lane -> workload, "test");

        assertEquals(20, drive.scheduledSent());
        assertEquals(0, drive.unsent());
        assertEquals(0, workload.judged(3).latenessNanos(), "operation 3 found room beside operation 2");
        CountedWorkload.Judged fourth = workload.judged(4);
        assertEquals(START + 4 * MS, fourth.intendedNanos());
        assertEquals(START + 7 * MS, fourth.onWireNanos(), "sent by operation 2's reply, which freed the window");
        assertEquals(START + 7 * MS + 100 * US, workload.judged(5).onWireNanos(), "then one per reply");
        assertEquals(START + 7 * MS, fourth.sendableNanos(), "it could go no sooner: the window was full");
        assertEquals(0, workload.timer.ownDelay().total().getMaxValue(), "the lateness was all waiting for replies");
        assertTrue(workload.timer.sendLateness().total().getMaxValue() >= 3 * MS);
        assertEquals(2, workload.mostOutstanding, "never more than the window");
        assertEquals(0, workload.judged(10).latenessNanos(), "caught up");
    }

    @Test
    void aTicksBurstGoesOutOneRequestPerReplyWithoutATimerBetween() throws InterruptedException {
        // 1,000 ops/s in ticks of 10 ms: 10 due at the start of each tick, one connection, one in flight.
        ScriptedLoopClient client = client(1, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        DrivePlan plan = new DrivePlan(1, 1, 1, false, new TargetRate(1000), Duration.ofMillis(10),
                Duration.ofMillis(20), TIMEOUT);

        DriveResult drive = Engine.drive(client, plan, clock, Watch.NONE, lane -> workload, "test");

        assertEquals(20, drive.scheduledSent(), "two ticks of 10");
        assertEquals(0, drive.unsent());
        for (int k = 0; k < 20; k++) {
            CountedWorkload.Judged request = workload.judged(k);
            long tickStart = START + (k / 10) * 10 * MS;
            assertEquals(tickStart, request.intendedNanos(), "operation " + k + " is due at its tick's start");
            assertEquals(tickStart + (k % 10) * 100 * US, request.onWireNanos(),
                    "operation " + k + " went out on the reply before it");
            assertEquals(0, request.ownDelayNanos(), "each waited only for its connection");
        }
    }

    @Test
    void whatTheClientCouldNotSendByTheDrainIsCountedUnsentNeverSentLate() throws InterruptedException {
        // Operation 5 takes 3 s: the lane can send nothing more until after the end plus the 2 s drain.
        ScriptedLoopClient client = client(1,
                (n, request) -> ScriptedClient.Reply.value(n == 5 ? 3_000 * MS : 100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = Engine.drive(client, paced(1, 1000, Duration.ofMillis(20)), clock, Watch.NONE,
                lane -> workload, "test");

        assertEquals(6, drive.scheduledSent(), "operations 0 to 5");
        assertEquals(14, drive.unsent(), "operations 6 to 19, due before the end, never sent");
        assertEquals(6, workload.judged.size());
    }

    @Test
    void everyConnectionOfEveryLoopKeepsItsWindowFullUntilItsWorkIsDone() throws InterruptedException {
        ScriptedLoopClient client = client(2, (n, request) -> ScriptedClient.Reply.value(100 * US));
        List<CountedWorkload> workloads = new ArrayList<>();
        for (int lane = 0; lane < 6; lane++) {
            workloads.add(new CountedWorkload(500));
        }

        DriveResult drive = Engine.drive(client, new DrivePlan(2, 3, 4, false, TargetRate.CLOSED_LOOP, null, TIMEOUT),
                clock, Watch.NONE, workloads::get, "test");

        assertEquals(3000, drive.scheduledSent());
        assertEquals(6, client.connections(), "a connection of its own for each of 2 loops x 3 lanes");
        for (CountedWorkload workload : workloads) {
            assertEquals(500, workload.judged.size());
            assertEquals(500, workload.judged.stream().mapToLong(CountedWorkload.Judged::number).distinct().count(),
                    "each operation judged once");
            assertEquals(4, workload.mostOutstanding, "the window filled, and never overflowed");
            assertTrue(workload.judged.stream().allMatch(j -> j.completedNanos() >= j.onWireNanos()
                    && j.onWireNanos() >= j.intendedNanos()), "every request's moments in order");
        }
    }

    @Test
    void aWorkloadWithoutFollowUpsHasTheNextRequestSentBeforeTheReplyThatMadeRoomIsJudged()
            throws InterruptedException {
        ScriptedLoopClient client = client(1, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload judgedLater = new CountedWorkload(50, true);
        CountedWorkload judgedFirst = new CountedWorkload(50, false);

        Engine.drive(client, new DrivePlan(1, 1, 1, false, TargetRate.CLOSED_LOOP, null, TIMEOUT), clock,
                Watch.NONE, lane -> judgedLater, "test");
        Engine.drive(client, new DrivePlan(1, 1, 1, false, TargetRate.CLOSED_LOOP, null, TIMEOUT), clock,
                Watch.NONE, lane -> judgedFirst, "test");

        for (int op = 1; op < 50; op++) {
            assertEquals(op - 1, judgedLater.judgedWhenSent.get(op), "operation " + op + " went out before the reply"
                    + " to the one before it was judged");
            assertEquals(op, judgedFirst.judgedWhenSent.get(op), "operation " + op + " went out after it");
        }
        for (CountedWorkload workload : List.of(judgedLater, judgedFirst)) {
            assertEquals(50, workload.judged.size(), "every reply judged, the last one too");
            assertEquals(50, workload.judged.stream().mapToLong(CountedWorkload.Judged::number).distinct().count());
            assertEquals(50, workload.timer.response().total().getTotalCount(), "and recorded once");
        }
        assertEquals(2, judgedLater.mostOutstanding, "a window of one, and the reply still being judged");
        assertEquals(1, judgedFirst.mostOutstanding);
    }

    @Test
    void aStopEndsTheLanesWithWhatTheySent() throws InterruptedException {
        ScriptedLoopClient client = client(1, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        AtomicLong sent = new AtomicLong();
        Watch stopAfterTen = new Watch() {
            @Override
            public void sent() {
                sent.incrementAndGet();
            }

            @Override
            public void ended(Request request) {
            }

            @Override
            public boolean stopRequested() {
                return sent.get() >= 10;
            }
        };

        DriveResult drive = Engine.drive(client,
                new DrivePlan(1, 1, 1, false, TargetRate.CLOSED_LOOP, Duration.ofSeconds(60), TIMEOUT),
                clock, stopAfterTen, lane -> workload, "test");

        assertEquals(10, drive.scheduledSent());
        assertEquals(10, workload.judged.size(), "every request sent was answered and judged");
    }

    @Test
    void whatALaneThrowsOnItsLoopEndsTheDriveWithIt() {
        ScriptedLoopClient client = client(1, (n, request) -> ScriptedClient.Reply.value(100 * US));
        Workload<Request> failing = new Workload<>() {
            private int judged;

            @Override
            public Request newRequest(Completion owner) {
                return new Request(owner) {
                };
            }

            @Override
            public boolean nextScheduled(Request request) {
                request.get("k".getBytes(StandardCharsets.US_ASCII));
                return true;
            }

            @Override
            public boolean nextFollowUp(Request request) {
                return false;
            }

            @Override
            public RequestTimer judge(Request request) {
                if (++judged == 3) {
                    throw new IllegalArgumentException("the third reply is wrong");
                }
                return new RequestTimer();
            }
        };

        IllegalStateException failed = assertThrows(IllegalStateException.class, () -> Engine.drive(client,
                new DrivePlan(1, 1, 1, false, TargetRate.CLOSED_LOOP, Duration.ofSeconds(60), TIMEOUT), clock,
                Watch.NONE, lane -> failing, "test"));
        assertEquals("a lane failed on its event loop: java.lang.IllegalArgumentException: the third reply is wrong",
                failed.getMessage());
    }
}
