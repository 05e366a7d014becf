package dev.metric.engine;

import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;

/**
 * Drives one lane from a thread of its own, as an application thread would: send what is due,
 * put it on the wire, take back the replies, then sleep until the next operation is due (under a
 * schedule) or wait for a reply. A blocking client (Jedis) completes a whole flush before it
 * returns, so its thread never waits for a reply apart; an asynchronous one (Lettuce, one request
 * at a time or in batches) completes to the thread's queue.
 *
 * @param <R> the workload's requests
 */
final class LaneThread<R extends Request> {

    private final Lane<R> lane;
    private final CompletionQueue completions;
    private final NanoClock clock;
    private final long replyTimeoutNanos;

    LaneThread(Lane<R> lane, CompletionQueue completions, NanoClock clock, long replyTimeoutNanos) {
        this.lane = lane;
        this.completions = completions;
        this.clock = clock;
        this.replyTimeoutNanos = replyTimeoutNanos;
    }

    /** Runs the lane from {@code startNanos} until it has nothing left to send and nothing outstanding. */
    void run(long startNanos) throws InterruptedException {
        clock.sleepUntil(startNanos);
        try {
            loop();
        } finally {
            // A lane that kept its connection for the drive gives it back at the drive's end.
            lane.release();
            lane.finish();
        }
    }

    /**
     * One turn at a time, each a call of its own: a loop that runs once per phase would only ever
     * be compiled on the stack (OSR), and every phase would start it in the interpreter again and
     * recompile what it had inlined, on the client's core, while its operations fall due.
     */
    private void loop() throws InterruptedException {
        while (turn()) {
            // Each turn sends, completes or waits.
        }
    }

    /** Takes back what completed, then sends what is due, or sleeps, or waits for a reply; false once finished. */
    private boolean turn() throws InterruptedException {
        takeCompleted();
        long now = clock.nanoTime();
        if (lane.fill(now)) {
            lane.flush();
            return true;
        }
        if (lane.outstanding() == 0) {
            // With room in the window and nothing sent, nothing is due now, and no follow-up waits.
            if (!lane.scheduling(now)) {
                return false;
            }
            lane.releaseIfIdle();
            clock.sleepUntil(lane.nextDueNanos(now));
            return true;
        }
        awaitCompletion(now);
        return true;
    }

    private void takeCompleted() {
        for (Request done = completions.poll(); done != null; done = completions.poll()) {
            complete(done);
        }
    }

    /**
     * Waits for a reply, but no longer than until the next operation is due when the window has
     * room for it.
     *
     * @throws IllegalStateException when no request completes within the reply timeout: the
     *                               client library lost a request, and waiting longer would hang
     */
    private void awaitCompletion(long now) throws InterruptedException {
        long due = lane.room() > 0 ? lane.nextDueNanos(now) : Long.MAX_VALUE;
        long waitNanos = Math.min(replyTimeoutNanos, Math.max(0, due - now));
        Request done = completions.poll(waitNanos);
        if (done != null) {
            complete(done);
        } else if (waitNanos == replyTimeoutNanos) {
            throw new IllegalStateException(lane.outstanding() + " requests got neither a reply nor a failure within "
                    + replyTimeoutNanos / 1_000_000_000 + " s");
        }
    }

    @SuppressWarnings("unchecked")
    private void complete(Request done) {
        lane.complete((R) done);
    }
}
