package dev.metric.engine;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A lane driven on its connection's event loop: each completion is recorded and judged, and the lane
 * sends again right there, on the thread that read the reply, as an asynchronous application does:
 * after the judging, or before it for a workload whose judging queues no follow-up
 * ({@link Workload#judgesWithoutFollowUps}), so that the server is not kept waiting for it. Its
 * driver's timer sends what falls due while the window has room.
 *
 * @param <R> the workload's requests
 */
final class LoopLane<R extends Request> implements Completion {

    private final LoopDriver driver;
    private final NanoClock clock;
    private final List<Request> completedWhilePumping = new ArrayList<>();
    private Lane<R> lane;
    private boolean pumping;
    private boolean finished;

    LoopLane(LoopDriver driver, NanoClock clock) {
        this.driver = driver;
        this.clock = clock;
    }

    /** Set once, before anything is sent: the lane needs this as its requests' owner first. */
    void drive(Lane<R> lane) {
        this.lane = lane;
    }

    @Override
    public long nanoTime() {
        return clock.nanoTime();
    }

    /**
     * Records the request and sends again. A completion off the loop (a failure the library
     * delivered from another thread) is handed to the loop first. One that comes while this lane is
     * itself sending (it failed at once) is held until the sending is done: freeing its place in the
     * window inside the send would let the send go on for as long as sends fail at once.
     */
    @Override
    public void completed(Request request) {
        if (!driver.loop().inLoop()) {
            driver.loop().execute(() -> completed(request));
            return;
        }
        if (pumping) {
            completedWhilePumping.add(request);
            return;
        }
        try {
            long now;
            if (lane.judgesAfterSending()) {
                free(request);
                now = clock.nanoTime();
                send(now);
                record(request);
                settle(now);
            } else {
                complete(request);
                now = clock.nanoTime();
                pump(now);
            }
            driver.wakeFor(nextSendNanos(now));
        } catch (RuntimeException | Error e) {
            driver.fail(e);
        }
    }

    @SuppressWarnings("unchecked")
    private void complete(Request request) {
        lane.complete((R) request);
    }

    @SuppressWarnings("unchecked")
    private void free(Request request) {
        lane.free((R) request);
    }

    @SuppressWarnings("unchecked")
    private void record(Request request) {
        lane.record((R) request);
    }

    /**
     * Sends what is due and puts it on the wire; once the lane has nothing left to send and nothing
     * outstanding, finishes it.
     */
    void pump(long now) {
        send(now);
        settle(now);
    }

    /** Sends what is due and puts it on the wire. */
    private void send(long now) {
        if (finished) {
            return;
        }
        pumping = true;
        try {
            if (lane.fill(now)) {
                lane.flush();
            }
        } finally {
            pumping = false;
        }
    }

    /**
     * Takes back what failed at once while sending, and finishes the lane once it has nothing left
     * to send and nothing outstanding.
     */
    private void settle(long now) {
        if (finished) {
            return;
        }
        if (!completedWhilePumping.isEmpty()) {
            for (Request request : completedWhilePumping) {
                complete(request);
            }
            completedWhilePumping.clear();
            // Their room is used at the loop's next turn, after its I/O: a connection that fails every
            // request at once (it is reconnecting) must not keep the loop from reading its handshake.
            driver.loop().schedule(() -> driver.guarded(() -> pump(clock.nanoTime())), 0);
        }
        if (lane.outstanding() == 0 && !lane.scheduling(now)) {
            finished = true;
            lane.release();
            lane.finish();
            driver.laneFinished();
        }
    }

    /**
     * When the driver's timer must fire for this lane: its next due time while its window has room,
     * else never ({@link Long#MAX_VALUE}): a full window sends from its completions.
     */
    long nextSendNanos(long now) {
        return finished || lane.room() == 0 ? Long.MAX_VALUE : lane.nextDueNanos(now);
    }
}
