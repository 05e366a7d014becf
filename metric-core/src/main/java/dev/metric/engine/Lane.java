package dev.metric.engine;

import dev.metric.client.ClientException;
import dev.metric.client.Completion;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Schedule;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * One stream of requests: a fixed set of reusable requests, at most a window of them in flight on
 * one connection, sent when its {@link Schedule} makes them due. What a lane does is the same
 * whichever thread drives it; the drivers differ only in who calls {@link #fill} and who hands
 * back completions to {@link #complete}: the lane's own thread ({@link LaneThread}), or the event
 * loop its connection lives on ({@link LoopLanes}). A lane is not thread-safe: its driver makes sure one
 * thread at a time uses it.
 *
 * <p>{@link #record} (called by {@link #complete}, or after {@link #free} and a send) is the one place a
 * completed request is recorded: the workload judges it and names its timer, and the timer records
 * the request's moments. A request that falls due while
 * the window is full is sendable only from the completion that makes room, so that its wait for
 * that reply is told apart from the client's own delay.
 *
 * <p>The connection is taken when a request goes out and none is held. A lane that does not hold
 * its lease for the whole drive hands it back whenever nothing is outstanding, so that with one
 * request at a time a pooled connection is borrowed per request, as an application does, and the
 * wait for it is recorded.
 *
 * <p>Under a schedule, operations due before the end are sent even after it, while the client
 * catches up, for at most the plan's drain time; those it never sends are counted as unsent, never
 * dropped in silence.
 *
 * @param <R> the workload's requests
 */
final class Lane<R extends Request> {

    /** How soon a lane whose workload had no operation yet, but will have, asks again. */
    static final long STARVED_RETRY_NANOS = 100_000;

    /** {@link #failingSinceNanos} while the lane's latest request succeeded: no outage is on. */
    private static final long RUNNING = Long.MIN_VALUE;

    private final Supplier<Lease> leases;
    private final Workload<R> workload;
    private final Schedule schedule;
    private final NanoClock clock;
    private final Watch watch;
    private final LaneTotals totals;
    private final int window;
    private final boolean batches;
    private final MeasuredWindow measured;
    private final long drainNanos;
    private final boolean holdLease;
    private final ArrayDeque<R> idle;
    private final boolean judgesAfterSending;

    private Lease lease;
    private int outstanding;
    private int batchRoom;
    private boolean exhausted;
    /** The workload had no operation when asked, but will have: asked again {@link #STARVED_RETRY_NANOS} later. */
    private boolean starved;
    /** When the window last had room again after being full: a request due before waited for it. */
    private long roomSinceNanos = Long.MIN_VALUE;
    /** The intended start of the first of the lane's latest failed requests, or {@link #RUNNING}. */
    private long failingSinceNanos = RUNNING;
    /** The side of the measured window that first failure counted on. */
    private int failingSide;

    /**
     * @param leases        where the lane takes its connection each time it needs one: a pool's
     *                      borrow, or the one connection of its own it keeps
     * @param owner         where this lane's requests complete to
     * @param measured      the drive's measured window: which side each request counts on, and
     *                      when scheduled operations stop being due (its close)
     * @param drainNanos    how long after the window's close operations due before it may still go out; less
     *                      than {@link MeasuredWindow#NEVER}
     * @param holdLease     keep one connection for the whole drive instead of handing it back when idle
     */
    Lane(Supplier<Lease> leases, Workload<R> workload, Schedule schedule, NanoClock clock, Watch watch,
         LaneTotals totals, int window, boolean batches, MeasuredWindow measured, long drainNanos, boolean holdLease,
         Completion owner) {
        this.leases = leases;
        this.workload = workload;
        this.schedule = schedule;
        this.clock = clock;
        this.watch = watch;
        this.totals = totals;
        this.window = window;
        this.batches = batches;
        this.measured = measured;
        this.drainNanos = drainNanos;
        this.holdLease = holdLease;
        this.judgesAfterSending = workload.judgesWithoutFollowUps();
        // One more request than the window when a reply is judged after the send it made room for.
        int requests = window + (judgesAfterSending ? 1 : 0);
        this.idle = new ArrayDeque<>(requests);
        for (int i = 0; i < requests; i++) {
            idle.push(workload.newRequest(owner));
        }
        this.batchRoom = window;
    }

    int outstanding() {
        return outstanding;
    }

    /** Requests that may go out now without breaking the window, or the batch being awaited. */
    int room() {
        return batches ? batchRoom : window - outstanding;
    }

    /** Whether scheduled operations may still go out at {@code now}. */
    boolean scheduling(long now) {
        if (exhausted || watch.stopRequested()) {
            return false;
        }
        long deadline = measured.closesAtNanos();
        if (!schedule.paced()) {
            return now < deadline;
        }
        return schedule.due() < deadline && now < deadline + drainNanos;
    }

    /**
     * When this lane next has an operation due, for a driver that sleeps until then:
     * {@link Long#MAX_VALUE} when it has none to wait for (a closed loop, or nothing left to
     * schedule); shortly, when its workload had none yet but will have.
     */
    long nextDueNanos(long now) {
        if (!scheduling(now)) {
            return Long.MAX_VALUE;
        }
        return starved ? now + STARVED_RETRY_NANOS : schedule.paced() ? schedule.due() : Long.MAX_VALUE;
    }

    /**
     * Sends what may go now, as long as the window has room: follow-ups first, then scheduled
     * operations that are due. A scheduled operation's intended start is its due time, or in a
     * closed loop {@code now}, the moment the lane wanted to send it, before any wait for a
     * connection.
     *
     * @return whether anything was sent (and waits for a {@link #flush()})
     */
    boolean fill(long now) {
        boolean sent = false;
        while (room() > 0) {
            R request = idle.peek();
            if (!watch.stopRequested() && workload.nextFollowUp(request)) {
                send(request, false);
                sent = true;
                continue;
            }
            if (!scheduling(now) || schedule.paced() && schedule.due() > now) {
                break;
            }
            if (!workload.nextScheduled(request)) {
                starved = workload.moreLater();
                exhausted = !starved;
                break;
            }
            starved = false;
            request.intend(schedule.paced() ? schedule.take() : now);
            send(request, true);
            sent = true;
        }
        return sent;
    }

    private void send(R request, boolean scheduled) {
        request.sendableFrom(roomSinceNanos);
        int side = measured.sideOf(request.countsFromNanos());
        request.countOnSide(side);
        idle.pop();
        outstanding++;
        if (batches) {
            batchRoom--;
        }
        (scheduled ? totals.scheduledSent : totals.followUpsSent)[side].increment();
        watch.sent();
        if (lease == null) {
            long asked = clock.nanoTime();
            try {
                lease = leases.get();
            } catch (ClientException e) {
                // Given up after waiting for a connection: a failure of this request, timed like one.
                request.failed(e.getMessage());
                return;
            } finally {
                totals.connectionWait[side].record(clock.nanoTime() - asked);
            }
        }
        lease.send(request);
    }

    /** Puts what {@link #fill} sent on the wire; a blocking client completes it all here. */
    void flush() {
        if (lease != null) {
            lease.flush();
        }
    }

    /**
     * Takes back a completed request: the one place a request is recorded. The workload judges
     * it (and queues any follow-up), the timer it names records its moments, and the request is
     * ready for reuse.
     */
    void complete(R request) {
        free(request);
        record(request);
    }

    /**
     * Whether a completed request may be judged after the lane has sent what its place in the
     * window makes room for ({@link Workload#judgesWithoutFollowUps}): {@link #free} it, send, then
     * {@link #record} it. The lane keeps a request more than its window for that.
     */
    boolean judgesAfterSending() {
        return judgesAfterSending;
    }

    /** The first half of {@link #complete}: gives back the request's place in the window. */
    void free(R request) {
        boolean full = room() == 0;
        outstanding--;
        if (outstanding == 0) {
            batchRoom = window;
            releaseIfIdle();
        }
        if (full && room() > 0) {
            roomSinceNanos = request.completedNanos();
        }
    }

    /** The second half of {@link #complete}: judges and records the request, and makes it reusable. */
    void record(R request) {
        totals.completed.increment();
        watch.ended(request);
        timeOutage(request);
        workload.judge(request).record(request.intendedNanos(), request.sendableNanos(), request.onWireNanos(),
                request.completedNanos());
        idle.push(request);
    }

    /** Starts an {@link Outages outage} at the first of a stretch of failures, and ends it at the next success. */
    private void timeOutage(R request) {
        if (request.error() != null) {
            if (failingSinceNanos == RUNNING) {
                failingSinceNanos = request.intendedNanos();
                failingSide = request.windowSide();
            }
        } else if (failingSinceNanos != RUNNING) {
            totals.outages[failingSide].record(request.completedNanos() - failingSinceNanos);
            failingSinceNanos = RUNNING;
        }
    }

    /** Hands the connection back if the lane does not hold it and nothing is outstanding on it. */
    void releaseIfIdle() {
        if (!holdLease) {
            release();
        }
    }

    /** Hands the connection back, held or not, once nothing is outstanding on it. */
    void release() {
        if (lease != null && outstanding == 0) {
            Lease released = lease;
            lease = null;
            released.close();
        }
    }

    /**
     * Ends the lane, nothing outstanding: notes when, ends an outage still on (as unended), and
     * counts the operations that were due before the window closed and never sent (the client fell
     * behind and the drain time ran out, or the run was stopped).
     */
    void finish() {
        long now = clock.nanoTime();
        totals.lastEndNanos.accumulate(now);
        if (failingSinceNanos != RUNNING) {
            totals.outages[failingSide].record(now - failingSinceNanos);
            totals.unendedOutages[failingSide].increment();
        }
        long deadline = measured.closesAtNanos();
        if (schedule.paced() && !exhausted && deadline != MeasuredWindow.NEVER) {
            totals.unsent.add(schedule.skipDueBefore(deadline));
        }
    }
}
