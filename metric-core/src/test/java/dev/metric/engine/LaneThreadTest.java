package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import dev.metric.pacing.TargetRate;
import dev.metric.record.RequestTimer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The threaded lane's real loop, driven through {@link Engine#drive} on a fake clock against a
 * scripted blocking client, so that every moment of every request is known in advance: when it
 * was meant to start, went on the wire and was answered, what was recorded, and what was never
 * sent. All times are on the fake clock; the drive starts {@link Engine#LEAD_NANOS} after zero.
 */
class LaneThreadTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final long START = Engine.LEAD_NANOS;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final FakeClock clock = new FakeClock(0);

    private DriveResult drive(ScriptedClient client, DrivePlan plan, CountedWorkload workload, Watch watch)
            throws InterruptedException {
        return Engine.drive(client, plan, clock, watch, lane -> workload, "test-lane");
    }

    private static DrivePlan closedLoop(int window, boolean batches, Duration length) {
        return new DrivePlan(1, 1, window, batches, TargetRate.CLOSED_LOOP, length, TIMEOUT);
    }

    private static DrivePlan paced(double ratePerSec, Duration length) {
        return new DrivePlan(1, 1, 1, false, new TargetRate(ratePerSec), length, TIMEOUT);
    }

    @Test
    void aClosedLoopTimesEachRequestFromBeforeItsLeaseAndBorrowsPerRequest() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US))
                .leaseWait(30 * US);
        CountedWorkload workload = new CountedWorkload(5);

        DriveResult drive = drive(client, closedLoop(1, false, null), workload, Watch.NONE);

        assertEquals(5, workload.judged.size());
        for (int k = 0; k < 5; k++) {
            CountedWorkload.Judged request = workload.judged(k);
            assertEquals(START + k * 130 * US, request.intendedNanos(), "wanted as soon as the previous reply was in");
            assertEquals(30 * US, request.latenessNanos(), "on the wire after the wait for a connection");
            assertEquals(30 * US, request.ownDelayNanos(), "the wait for a connection is the client's own");
            assertEquals(100 * US, request.serviceNanos());
            assertEquals(130 * US, request.responseNanos());
        }
        assertEquals(5, client.leases, "one request at a time borrows a connection per request");
        assertEquals(5, drive.connectionWaitNanos().getTotalCount());
        assertEquals(30 * US, drive.connectionWaitNanos().getMaxValue(), 30 * US / 1000.0);
        Histogram response = workload.timer.response().total();
        assertEquals(5, response.getTotalCount());
        assertEquals(130 * US, response.getMaxValue(), 130 * US / 1000.0);
        assertEquals(5, drive.scheduledSent());
        assertEquals(0, drive.unsent());
        assertEquals(5 * 130 * US, drive.elapsedNanos(), "from the start to the last reply");
    }

    /**
     * A server that stalls for 50 ms once, under 1,000 ops/s: the operations due during the stall
     * go out late, as soon as it ends. Their service time stays short; their response time, from
     * when each was due, carries the delay.
     */
    @Test
    void aStallShowsInResponseTimeNotInServiceTime() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock,
                (n, request) -> ScriptedClient.Reply.value(n == 0 ? 50 * MS : 100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = drive(client, paced(1000, Duration.ofMillis(200)), workload, Watch.NONE);

        assertEquals(200, drive.scheduledSent(), "every operation due in 200 ms at 1,000 ops/s");
        assertEquals(0, drive.unsent());
        CountedWorkload.Judged first = workload.judged(0);
        assertEquals(START, first.intendedNanos());
        assertEquals(0, first.latenessNanos());
        assertEquals(50 * MS, first.serviceNanos());
        // Operation 1 was due at 1 ms and went out when operation 0's reply came, at 50 ms.
        CountedWorkload.Judged second = workload.judged(1);
        assertEquals(START + MS, second.intendedNanos());
        assertEquals(49 * MS, second.latenessNanos());
        assertEquals(100 * US, second.serviceNanos());
        assertEquals(49 * MS + 100 * US, second.responseNanos());
        // Operation k (k >= 1) goes out at 50 ms + (k - 1) * 0.1 ms while late; from k = 56 it is on time.
        assertEquals(0, workload.judged(56).latenessNanos());
        assertTrue(workload.judged(55).latenessNanos() > 0);
        Histogram service = workload.timer.service().total();
        Histogram response = workload.timer.response().total();
        Histogram lateness = workload.timer.sendLateness().total();
        assertEquals(200, service.getTotalCount());
        assertEquals(100 * US, service.getValueAtPercentile(99), 100 * US / 1000.0, "only the stalled request is slow");
        assertEquals(50 * MS, response.getMaxValue(), 50 * MS / 1000.0);
        assertEquals(55, lateness.getCountBetweenValues(1, Long.MAX_VALUE / 4), "operations 1 to 55 were late");
        assertEquals(START + 50 * MS, second.sendableNanos(), "sendable once operation 0's reply freed the window");
        Histogram ownDelay = workload.timer.ownDelay().total();
        assertEquals(200, ownDelay.getTotalCount());
        assertEquals(0, ownDelay.getMaxValue(), "each late one went out the moment it had room: the server's delay");
    }

    @Test
    void operationsDueBeforeTheEndAreStillSentAfterItWhenTheClientIsBehind() throws InterruptedException {
        // 100 operations due in 100 ms; operation 90, due at 90 ms, takes 30 ms: 91 to 99 go out after the end.
        ScriptedClient client = new ScriptedClient(clock,
                (n, request) -> ScriptedClient.Reply.value(n == 90 ? 30 * MS : 100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = drive(client, paced(1000, Duration.ofMillis(100)), workload, Watch.NONE);

        assertEquals(100, drive.scheduledSent());
        assertEquals(0, drive.unsent());
        CountedWorkload.Judged afterTheEnd = workload.judged(91);
        assertEquals(START + 91 * MS, afterTheEnd.intendedNanos());
        assertTrue(afterTheEnd.onWireNanos() > START + 100 * MS, "sent after the end");
        assertEquals(29 * MS, afterTheEnd.latenessNanos());
    }

    @Test
    void whatTheClientCouldNotSendBeforeTheDrainRanOutIsCountedNotDropped() throws InterruptedException {
        // Operation 50, due at 50 ms, gets no reply for 3 s, past the end (100 ms) and the 2 s drain.
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> n == 50
                ? ScriptedClient.Reply.timeout(3000 * MS) : ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = drive(client, paced(1000, Duration.ofMillis(100)), workload, Watch.NONE);

        assertEquals(51, drive.scheduledSent(), "operations 0 to 50");
        assertEquals(49, drive.unsent(), "operations 51 to 99 were due and never sent");
        CountedWorkload.Judged timedOut = workload.judged(50);
        assertTrue(timedOut.failed());
        assertEquals(3000 * MS, timedOut.responseNanos(), "recorded when it was given up");
        assertEquals(3000 * MS, workload.timer.response().total().getMaxValue(), 3000 * MS / 1000.0,
                "the timeout is in the maximum");
    }

    @Test
    void aStopEndsSendingAndCountsWhatWasStillDue() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);
        AtomicLong ended = new AtomicLong();
        Watch stopAfterTen = new Watch() {
            @Override
            public void sent() {
            }

            @Override
            public void ended(Request request) {
                ended.incrementAndGet();
            }

            @Override
            public boolean stopRequested() {
                return ended.get() >= 10;
            }
        };

        DriveResult drive = drive(client, paced(1000, Duration.ofMillis(100)), workload, stopAfterTen);

        assertEquals(10, drive.scheduledSent());
        assertEquals(90, drive.unsent());
        assertEquals(10, workload.judged.size());
    }

    @Test
    void aConnectionThatNeverComesFailsItsRequestAndIsTimedLikeOne() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US))
                .leaseWait(1000 * MS).leaseFails();
        CountedWorkload workload = new CountedWorkload(3);

        DriveResult drive = drive(client, closedLoop(1, false, null), workload, Watch.NONE);

        assertEquals(3, workload.judged.size());
        for (CountedWorkload.Judged request : workload.judged) {
            assertTrue(request.failed());
            assertEquals(1000 * MS, request.responseNanos(), "the wait for the connection");
            assertEquals(0, request.serviceNanos(), "it never went on the wire");
        }
        assertEquals(3, drive.connectionWaitNanos().getTotalCount());
    }

    /**
     * Requests 10 to 19 time out after 1 ms each and so do 40 to 44, the last: two outages, the first
     * from request 10's intended start to request 20's reply, the second still on when the lane ends.
     */
    @Test
    void aStretchOfFailuresIsOneOutageFromTheFirstFailureToTheNextSuccess() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> n >= 10 && n < 20 || n >= 40
                ? ScriptedClient.Reply.timeout(MS) : ScriptedClient.Reply.value(100 * US));
        CountedWorkload workload = new CountedWorkload(45);

        Outages outages = drive(client, closedLoop(1, false, null), workload, Watch.NONE).outages();

        assertEquals(2, outages.count());
        assertEquals(1, outages.unended(), "the lane ended failing");
        assertEquals(START + MS, workload.judged(10).intendedNanos());
        assertEquals(START + 11 * MS + 100 * US, workload.judged(20).completedNanos());
        assertEquals(10 * MS + 100 * US, outages.lengthsNanos().getMaxValue(), 10 * US,
                "ten timeouts of 1 ms and the reply that ended them");
        assertEquals(5 * MS, outages.lengthsNanos().getMinValue(), 10 * US, "five timeouts, up to the lane's end");
    }

    @Test
    void aLaneWhoseRequestsAllSucceedHasNoOutage() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));

        Outages outages = drive(client, closedLoop(1, false, null), new CountedWorkload(20), Watch.NONE).outages();

        assertEquals(0, outages.count());
        assertEquals(0, outages.unended());
    }

    @Test
    void aClosedLoopWithALengthSendsUntilTheEndAndOwesNothing() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(MS));
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = drive(client, closedLoop(1, false, Duration.ofMillis(10)), workload, Watch.NONE);

        assertEquals(10, drive.scheduledSent(), "one per millisecond, the tenth sent at 9 ms");
        assertEquals(0, drive.unsent());
    }

    @Test
    void aBatchGoesOutInOneWriteAndEachReplyIsStampedWhenItComes() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US))
                .write(10 * US);
        CountedWorkload workload = new CountedWorkload(8);

        drive(client, closedLoop(4, true, null), workload, Watch.NONE);

        List<CountedWorkload.Judged> firstBatch = workload.judged.subList(0, 4);
        for (int i = 0; i < 4; i++) {
            CountedWorkload.Judged request = firstBatch.get(i);
            assertEquals(START, request.intendedNanos());
            assertEquals(10 * US, request.latenessNanos(), "on the wire once the batch is written");
            assertEquals((i + 1) * 100 * US, request.serviceNanos(), "its own reply, not the batch's last");
        }
        assertEquals(START + 410 * US, workload.judged(4).intendedNanos(), "the next batch once all four are in");
        assertEquals(2, client.leases, "one connection per batch");
        assertEquals(4, workload.mostOutstanding);
    }

    /**
     * A workload with nothing to send at first but more to come (a replay whose reader is behind):
     * the lane asks again every {@link Lane#STARVED_RETRY_NANOS} instead of ending, and sends what
     * comes, each timed from when it was there to be sent.
     */
    @Test
    void aLaneWhoseWorkloadHasNothingYetAsksAgainLaterInsteadOfEnding() throws InterruptedException {
        ScriptedClient client = new ScriptedClient(clock, (n, request) -> ScriptedClient.Reply.value(100 * US));
        CountedWorkload counted = new CountedWorkload(3);
        Workload<CountedWorkload.Numbered> late = new Workload<>() {
            private int dryAsks = 2;

            @Override
            public CountedWorkload.Numbered newRequest(Completion owner) {
                return counted.newRequest(owner);
            }

            @Override
            public boolean nextScheduled(CountedWorkload.Numbered request) {
                return dryAsks-- <= 0 && counted.nextScheduled(request);
            }

            @Override
            public boolean moreLater() {
                return dryAsks >= 0;
            }

            @Override
            public boolean nextFollowUp(CountedWorkload.Numbered request) {
                return false;
            }

            @Override
            public RequestTimer judge(CountedWorkload.Numbered request) {
                return counted.judge(request);
            }
        };

        DriveResult drive = Engine.drive(client, closedLoop(1, false, null), clock, Watch.NONE, lane -> late,
                "test-lane");

        assertEquals(3, counted.judged.size(), "nothing at first did not end the lane");
        assertEquals(START + 2 * Lane.STARVED_RETRY_NANOS, counted.judged(0).intendedNanos(),
                "asked again twice, a retry apart");
        assertEquals(START + 2 * Lane.STARVED_RETRY_NANOS + 100 * US, counted.judged(1).intendedNanos());
        assertEquals(3, drive.scheduledSent());
    }
}
