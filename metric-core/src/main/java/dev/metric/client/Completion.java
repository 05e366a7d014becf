package dev.metric.client;

/**
 * Where a {@link Request} goes back when it completes, and the clock its moments are read from.
 * Bindings never read a clock of their own: a request stamps itself with its owner's, so that a
 * run with an injected clock gets every moment of every request from that clock.
 */
public interface Completion {

    /** Now, on the run's monotonic clock, in nanoseconds. */
    long nanoTime();

    /**
     * Takes back a request whose reply or failure, and the moment it came, are set. Called on
     * whichever thread saw the reply: the worker itself for a blocking binding, the library's I/O
     * thread for an asynchronous one.
     */
    void completed(Request request);
}
