package dev.metric.client.netty;

import dev.metric.client.IoLoop;
import dev.metric.pacing.TimerSlack;
import io.netty.channel.EventLoop;
import java.util.concurrent.TimeUnit;

/** A Netty event loop lent to the engine: its task queue and its timers, which epoll keeps to nanoseconds. */
public final class NettyIoLoop implements IoLoop {

    private final EventLoop loop;
    private final long timerSlackNanos = TimerSlack.nanos();

    public NettyIoLoop(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }

    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        io.netty.util.concurrent.Future<?> scheduled = loop.schedule(task, Math.max(0, delayNanos),
                TimeUnit.NANOSECONDS);
        return () -> scheduled.cancel(false);
    }

    @Override
    public long timerSlackNanos() {
        return timerSlackNanos;
    }

    @Override
    public boolean inLoop() {
        return loop.inEventLoop();
    }
}
