package dev.metric.engine;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives the lanes of an asynchronous client (Lettuce) with several requests in flight each, with
 * no thread of their own: each completion, on the client's I/O thread, is recorded and judged and
 * the lane sends again right there, as an asynchronous application does, and the requests sent in
 * answer to one read leave together. Nothing is handed from one thread to another per request.
 *
 * <p>Under a schedule, the thread that calls {@link #run} is the pacing thread for all lanes: it
 * sleeps until the earliest due time of any lane, then sends what is due on every lane. A lane
 * whose window is full when an operation falls due sends it from its next completion, late, and
 * the lateness is measured. In a closed loop the calling thread only looks in now and then, to
 * see that lanes have finished (a lane whose requests all failed at once has no completion left to
 * drive it).
 */
final class AsyncLanes {

    /**
     * The least time the pacing thread sleeps: operations falling due closer together than this
     * go out together. One wake-up costs several microseconds of CPU; a dense schedule would
     * otherwise cost one per operation.
     */
    static final long MIN_SLEEP_NANOS = 20_000;
    /** How often the calling thread looks at lanes it has no due time to wake for. */
    static final long LOOK_IN_NANOS = 10_000_000;
    /** How often, when every lane's window is full under a schedule, it looks for room. */
    static final long FULL_LOOK_IN_NANOS = 200_000;

    private final List<Driven<?>> lanes;
    private final NanoClock clock;
    private final LaneTotals totals;
    private final long replyTimeoutNanos;

    AsyncLanes(List<Driven<?>> lanes, NanoClock clock, LaneTotals totals, long replyTimeoutNanos) {
        this.lanes = List.copyOf(lanes);
        this.clock = clock;
        this.totals = totals;
        this.replyTimeoutNanos = replyTimeoutNanos;
    }

    /**
     * Runs every lane from {@code startNanos} until each has nothing left to send and nothing
     * outstanding.
     *
     * @throws IllegalStateException when requests are outstanding and none completes within the
     *                               reply timeout: the client library lost them
     */
    void run(long startNanos) throws InterruptedException {
        clock.sleepUntil(startNanos);
        long lastProgressNanos = clock.nanoTime();
        long lastCompleted = -1;
        while (true) {
            long now = clock.nanoTime();
            long wake = Long.MAX_VALUE;
            boolean waitingForRoom = false;
            boolean readyNow = false;
            boolean allFinished = true;
            for (Driven<?> lane : lanes) {
                synchronized (lane) {
                    lane.pump(now);
                    if (!lane.finished()) {
                        allFinished = false;
                        long due = lane.lane().nextDueNanos(now);
                        if (lane.lane().readyToSend(now)) {
                            // Completions inside the pump (requests that failed at once) freed room it did not use.
                            readyNow = true;
                        } else if (due > now) {
                            wake = Math.min(wake, due);
                        } else if (due != Long.MAX_VALUE) {
                            waitingForRoom = true;
                        }
                    }
                }
            }
            if (allFinished) {
                return;
            }
            long completed = totals.completed.sum();
            if (completed != lastCompleted) {
                lastCompleted = completed;
                lastProgressNanos = now;
            } else if (now - lastProgressNanos > replyTimeoutNanos && outstanding() > 0) {
                throw new IllegalStateException(outstanding() + " requests got neither a reply nor a failure within "
                        + replyTimeoutNanos / 1_000_000_000 + " s");
            }
            if (readyNow) {
                continue;
            }
            long lookIn = now + (waitingForRoom ? FULL_LOOK_IN_NANOS : LOOK_IN_NANOS);
            clock.sleepUntil(Math.max(now + MIN_SLEEP_NANOS, Math.min(wake, lookIn)));
        }
    }

    private int outstanding() {
        int outstanding = 0;
        for (Driven<?> lane : lanes) {
            synchronized (lane) {
                outstanding += lane.lane().outstanding();
            }
        }
        return outstanding;
    }

    /**
     * One lane and the completions that drive it; every use of the lane holds this object's lock,
     * since completions come on the client's I/O threads (several, on a cluster) and the pacing
     * thread sends too.
     *
     * @param <R> the workload's requests
     */
    static final class Driven<R extends Request> implements Completion {

        private final NanoClock clock;
        private Lane<R> lane;
        private final List<Request> completedWhilePumping = new ArrayList<>();
        private boolean pumping;
        private boolean finished;

        Driven(NanoClock clock) {
            this.clock = clock;
        }

        /** Set once, before the first request is sent: the lane needs this as its requests' owner first. */
        void drive(Lane<R> lane) {
            this.lane = lane;
        }

        Lane<R> lane() {
            return lane;
        }

        @Override
        public long nanoTime() {
            return clock.nanoTime();
        }

        /**
         * Records the request and sends again. A request that completes while this lane is itself
         * sending (it failed at once) is held until the sending is done: freeing its place in the
         * window inside the send would let the send go on for as long as sends fail at once.
         */
        @Override
        public synchronized void completed(Request request) {
            if (pumping) {
                completedWhilePumping.add(request);
                return;
            }
            complete(request);
            pump(clock.nanoTime());
        }

        @SuppressWarnings("unchecked")
        private void complete(Request request) {
            lane.complete((R) request);
        }

        /** Sends what is due and puts it on the wire; after the end, hands the connection back once idle. */
        synchronized void pump(long now) {
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
            for (Request request : completedWhilePumping) {
                complete(request);
            }
            completedWhilePumping.clear();
            if (lane.outstanding() == 0 && !lane.scheduling(now)) {
                finished = true;
                lane.release();
                lane.finish();
            }
        }

        synchronized boolean finished() {
            return finished;
        }
    }
}
