package dev.metric.client.folsom;

import com.spotify.folsom.AsciiMemcacheClient;
import com.spotify.folsom.MemcacheClientBuilder;
import dev.metric.client.ClientDescription;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.EventLoopClient;
import dev.metric.client.IoLoop;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.LoopLease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.netty.LoopTransport;
import dev.metric.client.netty.NettyIoLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * folsom on event loops of metric's own, for the loop engine: one single-threaded Netty event loop
 * (epoll on Linux) per client thread of the run, and for each lane on it a folsom client of one
 * connection that runs on that loop, so that a lane's requests are sent, and its replies read and
 * completed, on one thread with nothing handed to another. Callers that are not lanes (the load)
 * share a client of one more connection on the first loop.
 *
 * <p>folsom writes what it is asked to write from its loop once the loop has run the tasks it has
 * pending, to gather several requests into one write. A loop with one lane of one request
 * outstanding has nothing to gather, and waiting costs it the wait on every round trip, so that lane
 * writes each request at once: one connection of one request against memcached went 9% faster so
 * (median of 3 interleaved rounds). Everywhere else the gathering stays. With a wider window, a
 * write per request replaces one per read's worth of replies (4-28% slower with 16 in flight); with
 * several connections on a loop, the writes a read's replies call for leave together after the read
 * rather than one by one during it, and the server finds them together (8 connections of one
 * request each were 38% slower writing at once).
 */
public final class FolsomLoopClient implements EventLoopClient {

    private final ClientSettings settings;
    private final LoopTransport transport = LoopTransport.best();
    private final List<Loop> loops = new ArrayList<>();
    private final ClientDescription description;
    private final boolean laneWritesAtOnce;
    private AsciiMemcacheClient<byte[]> shared;

    private FolsomLoopClient(ClientSettings settings, int loops, int connectionsPerLoop, int window) {
        // Netty tracks one buffer in 128 for leaks, with a stack trace each: 2-3% of a loop's time.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        this.settings = settings;
        this.laneWritesAtOnce = writesAtOnce(connectionsPerLoop, window);
        for (int i = 0; i < loops; i++) {
            this.loops.add(new Loop(transport.newLoop(i, settings.busyPoll())));
        }
        this.description = new ClientDescription("folsom", LibraryVersion.of("com.spotify", "folsom"),
                "memcached text", loops * connectionsPerLoop,
                EventLoopClient.lanesOnLoops(loops, transport.toString(), settings.busyPoll(), connectionsPerLoop),
                ReplyTiming.EACH_REPLY, true);
    }

    /**
     * Starts {@code loops} event loops and opens {@code connectionsPerLoop} connections on each, for
     * lanes that keep up to {@code window} requests outstanding on a connection (see above for why
     * that matters).
     *
     * @throws ConnectionFailedException when the server cannot be reached
     */
    public static FolsomLoopClient open(ClientSettings settings, int loops, int connectionsPerLoop, int window) {
        return EventLoopClient.withEveryLaneOpen(new FolsomLoopClient(settings, loops, connectionsPerLoop, window),
                connectionsPerLoop);
    }

    /**
     * Whether a lane's connection writes each request at once rather than gathering them: only a
     * loop's single lane of one request outstanding (see above).
     */
    public static boolean writesAtOnce(int connectionsPerLoop, int window) {
        return window == 1 && connectionsPerLoop == 1;
    }

    /**
     * A folsom client of one connection to the server {@code settings} name, on {@code loop}, set up
     * as this client sets up each lane's: for a reference loop that must run folsom exactly as the
     * loop engine does (metric-bare's BareFolsomLoop).
     *
     * @throws ConnectionFailedException when the server cannot be reached
     */
    public static AsciiMemcacheClient<byte[]> connectLane(ClientSettings settings, EventLoopGroup loop,
            LoopTransport transport, boolean writeAtOnce) {
        MemcacheClientBuilder<byte[]> builder = FolsomKeyValueClient.builder(settings, 1)
                .withEventLoopGroup(loop)
                .withChannelClass(transport.channelClass());
        if (writeAtOnce) {
            builder.withEventLoopThreadFlushMaxBatchSize(1);
        }
        return FolsomKeyValueClient.connect(builder, settings);
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
        Loop on = loops.get(loop);
        while (on.leases.size() <= connection) {
            on.leases.add(new FolsomLoopLease(on.connect(laneWritesAtOnce), on.io));
        }
        return on.leases.get(connection);
    }

    /** A lease of the client every caller that is not a lane shares, connected on first use on the first loop. */
    @Override
    public synchronized Lease lease() {
        if (shared == null) {
            shared = loops.get(0).connect(false);
        }
        return new FolsomLease(shared);
    }

    @Override
    public synchronized void close() {
        if (shared != null) {
            FolsomKeyValueClient.shutdown(shared);
        }
        for (Loop loop : loops) {
            loop.close();
        }
    }

    /** One event loop thread and the folsom clients whose connections run on it. */
    private final class Loop {

        private final EventLoopGroup group;
        private final IoLoop io;
        private final List<FolsomLoopLease> leases = new ArrayList<>();
        private final List<AsciiMemcacheClient<byte[]>> clients = new ArrayList<>();

        Loop(EventLoopGroup group) {
            this.group = group;
            this.io = new NettyIoLoop(group.next());
        }

        /** A new folsom client of one connection on this loop, which writes each request at once or gathers them. */
        AsciiMemcacheClient<byte[]> connect(boolean writeAtOnce) {
            AsciiMemcacheClient<byte[]> client = connectLane(settings, group, transport, writeAtOnce);
            clients.add(client);
            return client;
        }

        void close() {
            for (AsciiMemcacheClient<byte[]> client : clients) {
                FolsomKeyValueClient.shutdown(client);
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        }
    }
}
