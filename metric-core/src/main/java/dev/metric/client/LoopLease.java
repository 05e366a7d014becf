package dev.metric.client;

/**
 * A connection of its own on an event loop, for one lane of the loop engine. {@link #send} and
 * {@link #flush} are called on the loop's thread, and every request completes on it: a reply as it
 * is decoded, a failure where it happens. Closing hands nothing back, since the client keeps the
 * connection open from one drive to the next.
 *
 * <p>A flush called while the loop is decoding replies (from a request's completion) may hold what
 * was sent for a moment, so that the requests sent in answer to several replies leave in one write
 * without waiting for the whole read: the server then always has requests queued while the client
 * works through its replies, instead of the two taking turns. Outside a read, a flush writes at once.
 *
 * <p>The lease gives up on a request that has had no reply for the client's command timeout and
 * fails it, so that a stalled server shows as timeouts, never as a drive that does not end.
 */
public interface LoopLease extends Lease {

    /** The loop this connection's I/O runs on, where it must be used. */
    IoLoop loop();
}
