package dev.metric.client;

import java.util.Locale;

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

    /** Requests complete on the loops' threads: a loop client is asynchronous by what it is. */
    @Override
    default boolean asynchronous() {
        return true;
    }

    /** The event loop threads, each one of the run's client threads. */
    int loops();

    /**
     * The {@code connection}-th connection of loop {@code loop}: opened on first use (so call this
     * before the clock starts, never on a loop's thread) and kept open until the client closes.
     *
     * @throws ConnectionFailedException when it cannot be opened
     */
    LoopLease lease(int loop, int connection);

    /**
     * Opens every lane's connection of {@code client}, {@code connectionsPerLoop} on each of its
     * loops, before the clock starts; closes the client when one cannot be opened.
     *
     * @return the client
     * @throws ConnectionFailedException when a connection cannot be opened
     */
    static <C extends EventLoopClient> C withEveryLaneOpen(C client, int connectionsPerLoop) {
        try {
            for (int loop = 0; loop < client.loops(); loop++) {
                for (int connection = 0; connection < connectionsPerLoop; connection++) {
                    client.lease(loop, connection);
                }
            }
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return client;
    }

    /**
     * How the lanes of a loop client connect, in words: {@code 2 epoll event loops of metric's, 1
     * connection each, every connection one lane's}, with {@code busy-polling} after the loops when
     * they never sleep ({@link ClientSettings#busyPoll}).
     *
     * @param transport the loops' transport ({@code epoll}), or null when not known yet
     */
    static String lanesOnLoops(int loops, String transport, boolean busyPoll, int connectionsPerLoop) {
        return String.format(Locale.ROOT, "%d %sevent %s of metric's%s, %d %s each, every connection one lane's",
                loops, transport == null ? "" : transport + " ", loops == 1 ? "loop" : "loops",
                busyPoll ? " busy-polling" : "", connectionsPerLoop,
                connectionsPerLoop == 1 ? "connection" : "connections");
    }
}
