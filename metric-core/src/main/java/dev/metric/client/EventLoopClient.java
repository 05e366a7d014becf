package dev.metric.client;

/**
 * A client whose connections each belong to one event loop thread, for the loop engine: each of the
 * run's threads is a loop that drives several connections, each with several requests in flight,
 * from their completions and from timers, the way memtier_benchmark and wrk2 drive theirs, rather
 * than a thread per connection that waits for each reply.
 *
 * <p>{@link #lease()} still serves callers that are not lanes (the load phase, from threads of their
 * own) through a connection of their own.
 */
public interface EventLoopClient extends KeyValueClient {

    /** The event loop threads, each one of the run's client threads. */
    int loops();

    /**
     * The {@code connection}-th connection of loop {@code loop}: opened on first use (so call this
     * before the clock starts, never on a loop's thread) and kept open until the client closes.
     *
     * @throws ConnectionFailedException when it cannot be opened
     */
    LoopLease lease(int loop, int connection);
}
