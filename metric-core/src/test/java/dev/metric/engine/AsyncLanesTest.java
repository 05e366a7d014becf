package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientDescription;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import dev.metric.pacing.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous driver: lanes with several requests in flight, sent again from their
 * completions, with the calling thread pacing a schedule.
 */
class AsyncLanesTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final long START = Engine.LEAD_NANOS;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final ExecutorService ioThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopIoThread() {
        ioThread.shutdownNow();
    }

    @Test
    void thePacingThreadSendsEachOperationWhenItIsDueAndLateOnesAsSoonAsThereIsRoom() throws InterruptedException {
        FakeClock clock = new FakeClock(0);
        // Operation 2, due at 2 ms, takes 5 ms: 3 to 6 fall due meanwhile and go out late, two at a time.
        ScriptedClient client = new ScriptedClient(clock,
                (n, request) -> ScriptedClient.Reply.value(n == 2 ? 5 * MS : 100 * US)).callingItselfAsynchronous();
        CountedWorkload workload = new CountedWorkload(Long.MAX_VALUE);

        DriveResult drive = Engine.drive(client, new DrivePlan(1, 2, false, 1000, Duration.ofMillis(20), TIMEOUT),
                clock, Watch.NONE, lane -> workload, "test");

        assertEquals(20, drive.scheduledSent());
        assertEquals(0, drive.unsent());
        assertEquals(0, workload.judged(0).latenessNanos(), "sent when due");
        assertEquals(0, workload.judged(1).latenessNanos());
        CountedWorkload.Judged third = workload.judged(3);
        assertEquals(START + 3 * MS, third.intendedNanos());
        assertEquals(START + 7 * MS, third.onWireNanos(), "as soon as operation 2's reply, at 7 ms, freed the lane");
        assertEquals(0, workload.judged(19).latenessNanos(), "caught up");
        assertEquals(1, client.leases, "a lane keeps its connection for the whole drive");
    }

    @Test
    void completionsOnAnotherThreadKeepEveryLaneFullUntilItsWorkIsDone() throws InterruptedException {
        AtomicInteger leases = new AtomicInteger();
        KeyValueClient client = new ExecutorClient(leases);
        List<CountedWorkload> workloads = List.of(new CountedWorkload(2000), new CountedWorkload(2000));

        DriveResult drive = Engine.drive(client, new DrivePlan(2, 8, false, 0, null, TIMEOUT), NanoClock.SYSTEM,
                Watch.NONE, workloads::get, "test");

        assertEquals(4000, drive.scheduledSent());
        for (CountedWorkload workload : workloads) {
            assertEquals(2000, workload.judged.size());
            assertEquals(2000, workload.judged.stream().mapToLong(CountedWorkload.Judged::number).distinct().count(),
                    "each operation judged once");
            assertEquals(8, workload.mostOutstanding, "the window filled, and never overflowed");
            assertTrue(workload.judged.stream().allMatch(j -> j.completedNanos() >= j.onWireNanos()
                    && j.onWireNanos() >= j.intendedNanos()), "every request's moments in order");
        }
        assertEquals(2, leases.get(), "one connection per lane for the whole drive");
    }

    /** An asynchronous client whose replies come from a thread of its own, as Lettuce's I/O thread. */
    private final class ExecutorClient implements KeyValueClient {

        private final AtomicInteger leases;

        ExecutorClient(AtomicInteger leases) {
            this.leases = leases;
        }

        @Override
        public ClientDescription describe() {
            return new ClientDescription("executor", "0", "RESP2", 1, "one thread", ReplyTiming.EACH_REPLY, true);
        }

        @Override
        public boolean asynchronous() {
            return true;
        }

        @Override
        public Lease lease() {
            leases.incrementAndGet();
            return new Lease() {
                private final List<Request> queued = new ArrayList<>();

                @Override
                public byte[] get(byte[] key) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void set(byte[] key, byte[] value) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public synchronized void send(Request request) {
                    queued.add(request);
                }

                @Override
                public synchronized void flush() {
                    List<Request> batch = List.copyOf(queued);
                    queued.clear();
                    for (Request request : batch) {
                        request.markOnWire();
                    }
                    ioThread.execute(() -> batch.forEach(request -> request.succeeded(ScriptedClient.VALUE)));
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
