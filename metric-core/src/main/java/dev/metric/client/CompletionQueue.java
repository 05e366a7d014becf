package dev.metric.client;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Where the requests of one worker come back when they complete, in completion order. Bounded by
 * the worker's window, so offering never blocks the thread that delivers replies.
 */
public final class CompletionQueue {

    private final BlockingQueue<Request> completed;

    /** @param capacity the most requests the owner ever has in flight at once */
    public CompletionQueue(int capacity) {
        this.completed = new ArrayBlockingQueue<>(capacity);
    }

    void completed(Request request) {
        if (!completed.offer(request)) {
            throw new IllegalStateException("more requests completed than the window holds");
        }
    }

    /** A completed request, without waiting; null when none has completed. */
    public Request poll() {
        return completed.poll();
    }

    /** A completed request, waiting up to {@code timeout}; null when none completed in time. */
    public Request poll(Duration timeout) throws InterruptedException {
        return completed.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
}
