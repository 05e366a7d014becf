package dev.metric.client.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The loops metric makes for its event loop clients: one that sleeps between its timers, and one
 * that busy-polls and so does not sleep to wait, yet still runs its timers and the tasks other threads hand
 * it. Sleeps are counted by the kernel (a thread's voluntary context switches), on Linux.
 */
class LoopTransportTest {

    private static final Path OWN_STATUS = Path.of("/proc/thread-self/status");
    private static final int TIMERS = 200;
    private static final long TIMER_SPACING_NANOS = 1_000_000;

    @Test
    void aBusyPollingLoopRunsItsTimersWhileSleepingFarLessThanOneThatWaits() throws Exception {
        assumeTrue(Files.isReadable(OWN_STATUS), "needs Linux's /proc/thread-self");
        for (LoopTransport transport : LoopTransport.values()) {
            if (transport == LoopTransport.EPOLL && LoopTransport.best() != LoopTransport.EPOLL) {
                continue;
            }
            long polling = sleepsWhileTimersRun(transport, true);
            long sleeping = sleepsWhileTimersRun(transport, false);

            // A polling thread still stops at the JVM's safepoints (a garbage collection, a compiled method
            // replaced), a few times in a build that runs other tests beside it: it sleeps seldom, not never.
            assertTrue(polling * 4 < sleeping, transport + ": a busy-polling loop slept " + polling
                    + " times between " + TIMERS + " timers, one that waits in the kernel " + sleeping);
        }
    }

    @Test
    void aBusyPollingLoopRunsTasksHandedOverByOtherThreads() throws Exception {
        EventLoopGroup group = LoopTransport.best().newLoop(91, true);
        try {
            CompletableFuture<String> ranOn = new CompletableFuture<>();
            group.next().execute(() -> ranOn.complete(Thread.currentThread().getName()));

            String thread = ranOn.get(10, TimeUnit.SECONDS);
            assertTrue(thread.startsWith("metric-loop-91-"), thread);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /**
     * Sets {@value #TIMERS} timers on a new loop, 1 ms apart, and counts how often the loop's
     * thread slept from the first to the last: about once per timer for a loop that waits in the
     * kernel for its next timer.
     */
    private static long sleepsWhileTimersRun(LoopTransport transport, boolean busyPoll) throws Exception {
        EventLoopGroup group = transport.newLoop(90, busyPoll);
        try {
            EventLoop loop = group.next();
            CompletableFuture<Long> before = new CompletableFuture<>();
            CompletableFuture<Long> after = new CompletableFuture<>();
            loop.execute(() -> {
                before.complete(voluntarySwitches());
                for (int i = 1; i <= TIMERS; i++) {
                    boolean last = i == TIMERS;
                    loop.schedule(() -> {
                        if (last) {
                            after.complete(voluntarySwitches());
                        }
                    }, i * TIMER_SPACING_NANOS, TimeUnit.NANOSECONDS);
                }
            });
            return after.get(30, TimeUnit.SECONDS) - before.get();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** The calling thread's voluntary context switches so far: how often it slept. */
    private static long voluntarySwitches() {
        try {
            for (String line : Files.readAllLines(OWN_STATUS)) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no voluntary_ctxt_switches in " + OWN_STATUS);
    }
}
