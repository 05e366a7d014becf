package dev.metric.client.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.DefaultSelectStrategyFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The loops metric makes for its event loop clients: one that sleeps in the kernel between its
 * timers, and one that busy-polls, which asks the kernel on every turn without waiting, yet still
 * runs its timers, in order, and the tasks other threads hand it.
 */
class LoopTransportTest {

    private static final int TIMERS = 200;
    private static final long TIMER_SPACING_NANOS = 1_000_000;

    /**
     * What decides whether a turn of the loop waits in the kernel: Netty's own strategy waits
     * ({@link SelectStrategy#SELECT}) when no task is queued; the busy-polling one never does, and
     * asks the kernel without waiting on every turn.
     */
    @Test
    void aBusyPollingLoopAsksTheKernelWithoutWaitingOnEveryTurn() throws Exception {
        SelectStrategy polling = new BusyPoll();
        SelectStrategy waiting = DefaultSelectStrategyFactory.INSTANCE.newSelectStrategy();
        AtomicInteger asked = new AtomicInteger();
        IntSupplier nothingReady = () -> {
            asked.incrementAndGet();
            return 0;
        };

        for (boolean hasTasks : new boolean[] {false, true}) {
            assertEquals(0, polling.calculateStrategy(nothingReady, hasTasks), "hasTasks " + hasTasks
                    + ": what asking without waiting found, never SELECT (" + SelectStrategy.SELECT + ")");
        }
        assertEquals(2, asked.get(), "the kernel asked without waiting on every turn");
        assertEquals(SelectStrategy.SELECT, waiting.calculateStrategy(nothingReady, false),
                "the default waits in the kernel when nothing is queued: the contrast the polling loop is for");
    }

    @Test
    void everyLoopRunsItsTimersInTheirOrder() throws Exception {
        for (LoopTransport transport : LoopTransport.values()) {
            if (transport == LoopTransport.EPOLL && LoopTransport.best() != LoopTransport.EPOLL) {
                continue;
            }
            for (boolean busyPoll : new boolean[] {false, true}) {
                assertEquals(IntStream.rangeClosed(1, TIMERS).boxed().toList(), timersRun(transport, busyPoll),
                        transport + (busyPoll ? ", busy-polling" : ", waiting"));
            }
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

    /** Sets {@value #TIMERS} timers on a new loop, 1 ms apart, and returns which ran, in the order they ran. */
    private static List<Integer> timersRun(LoopTransport transport, boolean busyPoll) throws Exception {
        EventLoopGroup group = transport.newLoop(90, busyPoll);
        try {
            EventLoop loop = group.next();
            List<Integer> ran = new ArrayList<>();
            CompletableFuture<List<Integer>> all = new CompletableFuture<>();
            loop.execute(() -> {
                for (int i = 1; i <= TIMERS; i++) {
                    int timer = i;
                    loop.schedule(() -> {
                        ran.add(timer);
                        if (timer == TIMERS) {
                            all.complete(List.copyOf(ran));
                        }
                    }, i * TIMER_SPACING_NANOS, TimeUnit.NANOSECONDS);
                }
            });
            return all.get(30, TimeUnit.SECONDS);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
