package dev.metric.engine;

import dev.metric.client.ClientDescription;
import dev.metric.client.EventLoopClient;
import dev.metric.client.IoLoop;
import dev.metric.client.Lease;
import dev.metric.client.LoopLease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An event-loop client whose server is a script, on a {@link ManualLoop}: every loop of it is that
 * one loop's thread, so a drive of several loops stays in order. A flush puts its requests on the
 * wire at once; each connection's replies come one after another, each the script's time after the
 * later of its request's write and the previous reply, as a server that answers a connection in
 * order does.
 */
final class ScriptedLoopClient implements EventLoopClient {

    private final FakeClock clock;
    private final ManualLoop loop;
    private final int loops;
    private final ScriptedClient.Script script;
    private final Map<Long, ScriptedLoopLease> leases = new HashMap<>();
    private long served;

    ScriptedLoopClient(FakeClock clock, ManualLoop loop, int loops, ScriptedClient.Script script) {
        this.clock = clock;
        this.loop = loop;
        this.loops = loops;
        this.script = script;
    }

    /** How many connections the drive took. */
    synchronized int connections() {
        return leases.size();
    }

    @Override
    public ClientDescription describe() {
        return new ClientDescription("scripted-loop", "0", "RESP2", leases.size(), "a script", ReplyTiming.EACH_REPLY,
                true);
    }

    @Override
    public boolean asynchronous() {
        return true;
    }

    @Override
    public int loops() {
        return loops;
    }

    @Override
    public synchronized LoopLease lease(int loopNumber, int connection) {
        return leases.computeIfAbsent((long) loopNumber << 32 | connection, key -> new ScriptedLoopLease());
    }

    @Override
    public Lease lease() {
        throw new UnsupportedOperationException("only lanes use this client");
    }

    @Override
    public void close() {
    }

    private final class ScriptedLoopLease implements LoopLease {

        private final List<Request> queued = new ArrayList<>();
        private long lastReplyNanos;

        @Override
        public IoLoop loop() {
            return loop;
        }

        @Override
        public byte[] get(byte[] key) {
            throw new UnsupportedOperationException("the engine sends requests");
        }

        @Override
        public void set(byte[] key, byte[] value) {
            throw new UnsupportedOperationException("the engine sends requests");
        }

        @Override
        public void send(Request request) {
            queued.add(request);
        }

        @Override
        public void flush() {
            if (!loop.inLoop()) {
                throw new IllegalStateException("a loop lane flushed off its loop");
            }
            long now = clock.nanoTime();
            for (Request request : queued) {
                request.markOnWire();
                ScriptedClient.Reply reply = script.reply(served++, request);
                lastReplyNanos = Math.max(lastReplyNanos, now) + reply.afterNanos();
                loop.schedule(() -> {
                    switch (reply.outcome()) {
                        case VALUE -> request.succeeded(ScriptedClient.VALUE);
                        case TIMEOUT -> request.failed("timed out");
                    }
                }, lastReplyNanos - now);
            }
            queued.clear();
        }

        @Override
        public void close() {
        }
    }
}
