package dev.metric.client;

/**
 * The thread a connection's I/O runs on, lent to the engine for work of its own: tasks, and timers
 * set a delay ahead. Whatever runs here runs on that one thread, between the connection's reads and
 * writes, so what the engine keeps for the connections of one loop needs no lock, and a request sent
 * from here goes out with no hand-over to another thread.
 */
public interface IoLoop {

    /** Queues {@code task} to run on the loop's thread after what it is doing now. */
    void execute(Runnable task);

    /**
     * Runs {@code task} on the loop's thread once {@code delayNanos} have passed; when the delay is 0
     * or less, at its next turn, after the I/O that is ready (unlike {@link #execute}, whose tasks
     * queued by tasks run before the loop looks at its connections again).
     *
     * @return how to call it off before it runs
     */
    Timer schedule(Runnable task, long delayNanos);

    /**
     * How late a timer may fire when nothing else wakes the loop first (the kernel's timer slack):
     * whoever keeps a schedule here sets its timers that much early.
     */
    long timerSlackNanos();

    /** Whether the calling thread is the loop's own. */
    boolean inLoop();

    /** A task set to run later, which may be called off. */
    @FunctionalInterface
    interface Timer {

        /** Calls the task off; nothing happens if it has run already. */
        void cancel();
    }
}
