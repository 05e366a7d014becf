package dev.metric.client.netty;

import io.netty.channel.Channel;
import io.netty.channel.DefaultSelectStrategyFactory;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.channels.spi.SelectorProvider;
import java.util.Locale;

/**
 * The transport of event loops metric makes for a library that takes them from its user: epoll on
 * Linux, where its timers keep to nanoseconds, else NIO; one thread per loop, and the channel class
 * that goes with them.
 */
public enum LoopTransport {
    EPOLL, NIO;

    /** The best transport on this machine. */
    public static LoopTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    /**
     * A new event loop of one daemon thread named {@code metric-loop-<index>}: one that sleeps in the
     * kernel until a connection is ready or a timer or task is due, or with {@code busyPoll} one that
     * never sleeps ({@link BusyPoll}).
     */
    public EventLoopGroup newLoop(int index, boolean busyPoll) {
        SelectStrategyFactory waiting = busyPoll ? BusyPoll::new : DefaultSelectStrategyFactory.INSTANCE;
        IoHandlerFactory handler = this == EPOLL ? EpollIoHandler.newFactory(0, waiting)
                : NioIoHandler.newFactory(SelectorProvider.provider(), waiting);
        return new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("metric-loop-" + index, true), handler);
    }

    /** The channels the loops run. */
    public Class<? extends Channel> channelClass() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The lower-case name, for the client's description. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
