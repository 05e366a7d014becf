package dev.metric.client.resp;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.EventLoopClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.LoopLease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.RespVersion;
import dev.metric.client.ServerAccess;
import dev.metric.client.TlsContext;
import dev.metric.client.netty.LoopTransport;
import dev.metric.client.netty.NettyIoLoop;
import dev.metric.client.netty.ReadTurn;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.util.ResourceLeakDetector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * metric's own RESP client on event loops of metric's, for the loop engine: one single-threaded
 * Netty event loop (epoll on Linux) per client thread of the run, each with its lanes' connections
 * ({@link RespLoopLease}), as memtier_benchmark runs a libevent loop per thread. It is what a client
 * costs when it does nothing but write RESP and read it, the floor the libraries' figures stand on,
 * and how {@code metric memtier} and {@code metric suite} drive a server in memtier's shape.
 *
 * <p>It connects to one server, in plain TCP or TLS, authenticates, selects the database and speaks
 * RESP2 or, after {@code HELLO 3}, RESP3. A cluster or a primary named by Sentinels needs a library
 * that follows them (Lettuce). A connection that is lost is not opened again. Callers that are not
 * lanes share one more connection on the first loop.
 */
public final class RespLoopClient implements EventLoopClient {

    private final ClientSettings settings;
    private final LoopTransport transport = LoopTransport.best();
    private final TlsContext tls;
    private final List<Loop> loops = new ArrayList<>();
    private final ClientDescription description;
    private RespLoopLease shared;

    private RespLoopClient(ClientSettings settings, int loops, int connectionsPerLoop) {
        if (settings.cluster() || settings.sentinels() != null) {
            throw new IllegalArgumentException("metric's resp client connects to one server; a cluster or"
                    + " Sentinels need a client that follows them: lettuce");
        }
        // Netty tracks one buffer in 128 for leaks, with a stack trace each: 2-3% of a loop's time.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        this.settings = settings;
        this.tls = settings.access().tls() == null ? null : TlsContext.of(settings.access().tls());
        for (int i = 0; i < loops; i++) {
            this.loops.add(new Loop(transport.newLoop(i, settings.busyPoll())));
        }
        this.description = new ClientDescription("resp", LibraryVersion.of("dev.metric", "metric-core"),
                settings.resp().name(), loops * connectionsPerLoop,
                EventLoopClient.lanesOnLoops(loops, transport.toString(), settings.busyPoll(), connectionsPerLoop),
                ReplyTiming.EACH_REPLY, true);
    }

    /**
     * Starts {@code loops} event loops and opens {@code connectionsPerLoop} connections on each.
     *
     * @throws ConnectionFailedException when the server cannot be reached, or refuses the handshake
     */
    public static RespLoopClient open(ClientSettings settings, int loops, int connectionsPerLoop) {
        return EventLoopClient.withEveryLaneOpen(new RespLoopClient(settings, loops, connectionsPerLoop),
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
        List<RespLoopLease> open = loops.get(loop).leases;
        while (open.size() <= connection) {
            open.add(loops.get(loop).open());
        }
        return open.get(connection);
    }

    /** The connection every caller that is not a lane shares, opened on first use on the first loop. */
    @Override
    public synchronized Lease lease() {
        if (shared == null) {
            shared = loops.get(0).open();
        }
        return shared;
    }

    @Override
    public synchronized void close() {
        for (Loop loop : loops) {
            loop.close();
        }
    }

    /** One event loop thread and the connections on it. */
    private final class Loop {

        private final EventLoopGroup group;
        private final NettyIoLoop io;
        private final ReadTurn turn = new ReadTurn();
        private final List<RespLoopLease> leases = new ArrayList<>();
        private final List<Channel> channels = new ArrayList<>();

        Loop(EventLoopGroup group) {
            this.group = group;
            this.io = new NettyIoLoop(group.next());
        }

        /** A new connection on this loop, authenticated, its protocol and database chosen. */
        RespLoopLease open() {
            RespLoopLease lease = new RespLoopLease(io, turn, settings.commandTimeout());
            long connectMillis = settings.connectTimeout().toMillis();
            ChannelFuture connected = new Bootstrap().group(group).channel(transport.channelClass())
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectMillis))
                    .handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel channel) {
                            if (tls != null) {
                                channel.pipeline().addLast(tls.newHandler(channel.alloc(), settings.address()));
                            }
                            channel.pipeline().addLast(turn, lease.replies());
                        }
                    })
                    .connect(settings.address().host(), settings.address().port());
            if (!connected.awaitUninterruptibly(connectMillis + TimeUnit.SECONDS.toMillis(1))) {
                connected.cancel(false);
                throw failed("no connection within " + connectMillis + " ms", null);
            }
            if (!connected.isSuccess()) {
                throw failed(ClientException.describe(ClientException.rootCause(connected.cause())), connected.cause());
            }
            channels.add(connected.channel());
            lease.attach(connected.channel());
            try {
                handshake(lease);
            } catch (ClientException e) {
                throw failed(e.getMessage(), e);
            }
            return lease;
        }

        /** HELLO 3 (with the credentials) for RESP3, else AUTH when there is a password; SELECT unless database 0. */
        private void handshake(RespLoopLease lease) {
            ServerAccess access = settings.access();
            if (settings.resp() == RespVersion.RESP3) {
                lease.call(access.password() == null ? words("HELLO", "3")
                        : words("HELLO", "3", "AUTH", access.user() == null ? "default" : access.user(),
                        access.password()));
            } else if (access.password() != null) {
                lease.call(access.user() == null ? words("AUTH", access.password())
                        : words("AUTH", access.user(), access.password()));
            }
            if (settings.database() != 0) {
                lease.call(words("SELECT", Integer.toString(settings.database())));
            }
        }

        void close() {
            for (Channel channel : channels) {
                channel.close();
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        }
    }

    private ConnectionFailedException failed(String reason, Throwable cause) {
        return new ConnectionFailedException("cannot connect to " + settings.address() + ": " + reason, cause);
    }

    private static byte[][] words(String... words) {
        byte[][] bytes = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            bytes[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return bytes;
    }
}
