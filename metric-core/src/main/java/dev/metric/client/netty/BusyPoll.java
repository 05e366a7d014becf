package dev.metric.client.netty;

import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;

/**
 * How an event loop waits when asked to busy-poll: it never sleeps in the kernel. Each turn asks
 * the kernel, without waiting, which connections are ready, handles them, runs its due timers and
 * its tasks, and asks again. A loop that sleeps until a reply comes pays, on every reply, for
 * being woken: the scheduler's wake-up and, on a virtual machine, its idle core's; at one request
 * in flight that is a large share of each round trip. Polling keeps the thread and its core awake
 * for the whole run instead: a core per loop thread, which must not be the server's.
 *
 * <p>Unlike Netty's own busy wait, which spins inside one system call until a connection is ready,
 * every turn here also runs the loop's timers and tasks, so a paced schedule keeps its due times
 * and a task handed over from another thread waits for one turn at most.
 */
final class BusyPoll implements SelectStrategy {

    @Override
    public int calculateStrategy(IntSupplier readyNow, boolean hasTasks) throws Exception {
        return readyNow.get();
    }
}
