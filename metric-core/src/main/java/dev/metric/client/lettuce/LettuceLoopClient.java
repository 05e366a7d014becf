package dev.metric.client.lettuce;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.EventLoopClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.LoopLease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.netty.LoopTransport;
import dev.metric.client.netty.NettyIoLoop;
import dev.metric.client.netty.ReadTurn;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.RedisCommand;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.EpollProvider;
import io.lettuce.core.resource.EventLoopGroupProvider;
import io.lettuce.core.resource.KqueueProvider;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.HashedWheelTimer;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Lettuce on event loops of metric's own, for the loop engine: one single-threaded Netty event loop
 * (epoll on Linux) per client thread of the run, each with its own Lettuce client, so that every
 * connection it opens, and every reconnect, stays on that loop. Each loop lane has a connection of
 * its own that does not flush by itself ({@link LettuceLoopLease}); callers that are not lanes share
 * one more connection, flushed as Lettuce does by default.
 *
 * <p>Two of Lettuce's defaults are set aside for the lanes' commands, both for their cost per
 * command: its command timeout, a timer per command (the lease keeps the timeout instead), and its
 * hash-indexed command queue, which only pays off when commands are cancelled in bulk.
 */
public final class LettuceLoopClient implements EventLoopClient {

    private final ClientSettings settings;
    private final EventExecutorGroup computation;
    private final HashedWheelTimer timer;
    private final List<Loop> loops = new ArrayList<>();
    private final String transport;
    private final ClientDescription description;
    private Lease shared;

    private LettuceLoopClient(ClientSettings settings, int loops, int connectionsPerLoop) {
        // Netty tracks one buffer in 128 for leaks, with a stack trace each: 2-3% of a loop's time.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        this.settings = settings;
        this.computation = new DefaultEventExecutorGroup(1, new DefaultThreadFactory("metric-lettuce", true));
        this.timer = new HashedWheelTimer(new DefaultThreadFactory("metric-lettuce-timer", true));
        this.transport = EpollProvider.isAvailable() ? "epoll" : KqueueProvider.isAvailable() ? "kqueue" : "nio";
        for (int i = 0; i < loops; i++) {
            this.loops.add(new Loop(i));
        }
        int connections = loops * connectionsPerLoop;
        this.description = new ClientDescription("lettuce", LibraryVersion.of("io.lettuce", "lettuce-core"),
                settings.resp().name(), connections, EventLoopClient.lanesOnLoops(loops, transport, settings.busyPoll(),
                        connectionsPerLoop)
                        + (settings.cluster() ? " (to every node)" : ""),
                ReplyTiming.EACH_REPLY, true);
    }

    /**
     * Starts {@code loops} event loops and opens {@code connectionsPerLoop} connections on each.
     *
     * @throws ConnectionFailedException when the server cannot be reached
     */
    public static LettuceLoopClient open(ClientSettings settings, int loops, int connectionsPerLoop) {
        return EventLoopClient.withEveryLaneOpen(new LettuceLoopClient(settings, loops, connectionsPerLoop),
                connectionsPerLoop);
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    @Override
    public int loops() {
        return loops.size();
    }

    @Override
    public synchronized LoopLease lease(int loop, int connection) {
        List<LettuceLoopLease> open = loops.get(loop).leases;
        while (open.size() <= connection) {
            open.add(loops.get(loop).open());
        }
        return open.get(connection);
    }

    /** A lease of the connection every caller that is not a lane shares, opened on first use on the first loop. */
    @Override
    public synchronized Lease lease() {
        if (shared == null) {
            StatefulConnection<byte[], byte[]> connection = loops.get(0).connect();
            shared = new LettuceLease<>(connection, LettuceSetup.sync(connection), null);
        }
        return shared;
    }

    @Override
    public synchronized void close() {
        for (Loop loop : loops) {
            loop.close();
        }
        timer.stop();
        computation.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    }

    /** Whether the commands {@code command} stands for are a lane's, whose lease keeps their timeout. */
    private static final class LaneTimeouts extends TimeoutOptions.TimeoutSource {

        private final long otherCommandsNanos;

        LaneTimeouts(ClientSettings settings) {
            this.otherCommandsNanos = settings.commandTimeout().toNanos();
        }

        @Override
        public long getTimeout(RedisCommand<?, ?, ?> command) {
            return command instanceof LoopCommand ? -1 : otherCommandsNanos;
        }

        @Override
        public TimeUnit getTimeUnit() {
            return TimeUnit.NANOSECONDS;
        }
    }

    /**
     * A busy-polling loop of the transport Lettuce's channels use: epoll where Lettuce uses epoll (which
     * it may be told not to, where Netty's epoll is there), else NIO. Lettuce on kqueue would want a
     * kqueue loop, which metric does not make.
     */
    private static EventLoopGroup pollingLoop(int index) {
        if (EpollProvider.isAvailable()) {
            return LoopTransport.EPOLL.newLoop(index, true);
        }
        if (KqueueProvider.isAvailable()) {
            throw new IllegalArgumentException("busy-polling loops are epoll or NIO, and Lettuce here uses kqueue");
        }
        return LoopTransport.NIO.newLoop(index, true);
    }

    /** One event loop thread, the Lettuce client whose connections live on it, and those connections. */
    private final class Loop {

        private final EventLoopGroup group;
        private final NettyIoLoop io;
        private final ReadTurn turn = new ReadTurn();
        private final ClientResources resources;
        private final AbstractRedisClient client;
        private final List<LettuceLoopLease> leases = new ArrayList<>();
        private final List<StatefulConnection<byte[], byte[]>> connections = new ArrayList<>();

        Loop(int index) {
            ThreadFactory threads = new DefaultThreadFactory("metric-loop-" + index, true);
            this.group = settings.busyPoll() ? pollingLoop(index)
                    : EpollProvider.isAvailable() ? EpollProvider.getResources().newEventLoopGroup(1, threads)
                    : KqueueProvider.isAvailable() ? KqueueProvider.getResources().newEventLoopGroup(1, threads)
                    : new MultiThreadIoEventLoopGroup(1, threads, NioIoHandler.newFactory());
            this.io = new NettyIoLoop(group.next());
            this.resources = DefaultClientResources.builder()
                    .eventLoopGroupProvider(new OneGroup(group))
                    .eventExecutorGroup(computation)
                    .timer(timer)
                    .nettyCustomizer(new NettyCustomizer() {
                        @Override
                        public void afterChannelInitialized(Channel channel) {
                            channel.pipeline().addFirst(turn);
                        }
                    })
                    .build();
            ClientOptions.Builder options = settings.cluster()
                    ? ClusterClientOptions.builder().topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                            .enableAllAdaptiveRefreshTriggers().build())
                    : ClientOptions.builder();
            LettuceSetup.configure(options, settings);
            options.timeoutOptions(TimeoutOptions.builder().timeoutCommands(true)
                    .timeoutSource(new LaneTimeouts(settings)).build());
            options.useHashIndexQueue(false);
            if (settings.cluster()) {
                RedisClusterClient cluster = RedisClusterClient.create(resources, LettuceSetup.uri(settings));
                cluster.setOptions((ClusterClientOptions) options.build());
                this.client = cluster;
            } else {
                RedisClient single = RedisClient.create(resources, LettuceSetup.uri(settings));
                single.setOptions(options.build());
                this.client = single;
            }
        }

        /** A new connection on this loop, flushed as Lettuce does by default. */
        StatefulConnection<byte[], byte[]> connect() {
            try {
                StatefulConnection<byte[], byte[]> connection = client instanceof RedisClusterClient cluster
                        ? LettuceSetup.connectToEveryMaster(cluster)
                        : ((RedisClient) client).connect(ByteArrayCodec.INSTANCE);
                connections.add(connection);
                return connection;
            } catch (RuntimeException e) {
                throw LettuceSetup.connectionFailed(settings, e);
            }
        }

        /** A lane's connection: one that only writes when its lease flushes. */
        LettuceLoopLease open() {
            StatefulConnection<byte[], byte[]> connection = connect();
            connection.setAutoFlushCommands(false);
            return new LettuceLoopLease(connection, io, turn, settings.commandTimeout());
        }

        void close() {
            for (StatefulConnection<byte[], byte[]> connection : connections) {
                connection.close();
            }
            LettuceSetup.shutdown(client);
            resources.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    /**
     * Hands Lettuce the one event loop of a {@link Loop}, whatever it asks for: Lettuce asks for
     * the group class of the transport it chose, and the loop was made for that same transport.
     * Releasing does nothing; the group ends when the client's resources shut down.
     */
    private static final class OneGroup implements EventLoopGroupProvider {

        private final EventLoopGroup group;

        OneGroup(EventLoopGroup group) {
            this.group = group;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T extends EventLoopGroup> T allocate(Class<T> type) {
            return (T) group;
        }

        @Override
        public int threadPoolSize() {
            return 1;
        }

        @Override
        public Future<Boolean> release(EventExecutorGroup eventLoopGroup, long quietPeriod, long timeout,
                                       TimeUnit unit) {
            return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
        }

        @Override
        public Future<Boolean> shutdown(long quietPeriod, long timeout, TimeUnit timeUnit) {
            group.shutdownGracefully(quietPeriod, timeout, timeUnit);
            return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
        }
    }
}
