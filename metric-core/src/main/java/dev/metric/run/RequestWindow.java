package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.CompletionQueue;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import dev.metric.record.LatencyRecorder;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.Function;

/**
 * The requests one worker thread keeps in flight on one connection: a fixed set of reusable
 * requests, the queue their replies come back on, and the connection, leased when the first
 * request goes out and handed back whenever nothing is outstanding. With one request at a time
 * a pooled client is thus borrowed per request, as an application does, and the wait for it is
 * recorded. mode1's windowed reads and mode2's workers both drive their traffic through one.
 */
final class RequestWindow<R extends Request> {

    /** How long past the command timeout a reply may still come before the worker gives up on it. */
    private static final Duration REPLY_GRACE = Duration.ofSeconds(5);

    private final KeyValueClient client;
    private final LatencyRecorder connectionWait;
    private final Duration replyTimeout;
    private final CompletionQueue completions;
    private final ArrayDeque<R> idle;
    private Lease lease;
    private int outstanding;

    /**
     * @param capacity   the most requests in flight at once
     * @param newRequest makes one of the reusable requests, owned by the queue it is given
     */
    RequestWindow(KeyValueClient client, LatencyRecorder connectionWait, Duration commandTimeout, int capacity,
                  Function<CompletionQueue, R> newRequest) {
        this.client = client;
        this.connectionWait = connectionWait;
        this.replyTimeout = commandTimeout.plus(REPLY_GRACE);
        this.completions = new CompletionQueue(capacity);
        this.idle = new ArrayDeque<>(capacity);
        for (int i = 0; i < capacity; i++) {
            idle.push(newRequest.apply(completions));
        }
    }

    int outstanding() {
        return outstanding;
    }

    /** A request to fill in; there is one whenever fewer than the capacity are outstanding. */
    R take() {
        return idle.pop();
    }

    /** Takes back a request whose completion has been handled. */
    void recycle(R request) {
        idle.push(request);
    }

    /**
     * Sends {@code request}, leasing a connection first when none is held, and stamps its send
     * time after the lease: the wait for a connection is recorded apart.
     *
     * @throws ClientException when no connection can be had; the request is taken back
     */
    void send(R request) {
        if (lease == null) {
            long asked = System.nanoTime();
            try {
                lease = client.lease();
            } catch (ClientException e) {
                idle.push(request);
                throw e;
            }
            connectionWait.record(System.nanoTime() - asked);
        }
        outstanding++;
        request.markSent();
        lease.send(request);
    }

    /** Puts what was sent on its way; a blocking binding waits for the replies here. */
    void flush() {
        if (lease != null) {
            lease.flush();
        }
    }

    /** A completed request, without waiting; null when none has completed. */
    @SuppressWarnings("unchecked")
    R poll() {
        R done = (R) completions.poll();
        if (done != null) {
            outstanding--;
        }
        return done;
    }

    /** A completed request, waiting up to {@code timeout} after a flush; null when none completed in time. */
    @SuppressWarnings("unchecked")
    R poll(Duration timeout) throws InterruptedException {
        flush();
        R done = (R) completions.poll(timeout);
        if (done != null) {
            outstanding--;
        }
        return done;
    }

    /**
     * Flushes and waits for one request to complete.
     *
     * @throws IllegalStateException when none completes within the command timeout and a grace:
     *                               the client library lost a request, and waiting longer would hang
     */
    R await() throws InterruptedException {
        R done = poll(replyTimeout);
        if (done == null) {
            throw new IllegalStateException(outstanding + " requests got neither a reply nor a failure within "
                    + replyTimeout.toSeconds() + " s");
        }
        return done;
    }

    /** Hands the connection back if nothing is outstanding on it. */
    void releaseIfIdle() {
        if (lease != null && outstanding == 0) {
            Lease released = lease;
            lease = null;
            released.close();
        }
    }
}
