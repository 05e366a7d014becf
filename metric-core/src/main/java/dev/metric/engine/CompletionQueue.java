package dev.metric.engine;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Where the requests of one thread come back when they complete, in completion order, stamped
 * with the run's clock. Bounded by the thread's window, so offering never blocks the thread that
 * delivers replies.
 */
public final class CompletionQueue implements Completion {

    private final NanoClock clock;
    private final BlockingQueue<Request> completed;

    /** @param capacity the most requests the owner ever has in flight at once */
    public CompletionQueue(NanoClock clock, int capacity) {
        this.clock = clock;
        this.completed = new ArrayBlockingQueue<>(capacity);
    }

    @Override
    public long nanoTime() {
        return clock.nanoTime();
    }

    @Override
    public void completed(Request request) {
        if (!completed.offer(request)) {
            throw new IllegalStateException("more requests completed than the window holds");
        }
    }

    /** A completed request, without waiting; null when none has completed. */
    public Request poll() {
        return completed.poll();
    }

    /** A completed request, waiting up to {@code timeoutNanos}; null when none completed in time. */
    public Request poll(long timeoutNanos) throws InterruptedException {
        return completed.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }
}
