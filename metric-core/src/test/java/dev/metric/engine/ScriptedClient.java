package dev.metric.engine;

import dev.metric.client.ClientDescription;
import dev.metric.client.ClientException;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.ReplyTiming;
import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A blocking client whose server is a script, on a fake clock: taking a connection, writing a
 * batch and each reply take the times the script says, and the clock moves by them. It completes
 * a flush before returning, as Jedis does, so that a lane driven through it runs the real loop
 * with every moment known in advance.
 */
final class ScriptedClient implements KeyValueClient {

    /** What the server does with the n-th request it gets (counting from 0). */
    interface Script {
        Reply reply(long n, Request request);
    }

    /** How long a reply took after the previous one, and what it was. */
    record Reply(long afterNanos, Outcome outcome) {

        static Reply value(long afterNanos) {
            return new Reply(afterNanos, Outcome.VALUE);
        }

        static Reply timeout(long afterNanos) {
            return new Reply(afterNanos, Outcome.TIMEOUT);
        }
    }

    enum Outcome {
        VALUE, TIMEOUT
    }

    static final byte[] VALUE = {'v'};

    private final FakeClock clock;
    private final Script script;
    private long leaseWaitNanos;
    private long writeNanos;
    private boolean leaseFails;
    private boolean asynchronous;
    private long served;
    int leases;

    ScriptedClient(FakeClock clock, Script script) {
        this.clock = clock;
        this.script = script;
    }

    /** Every lease waits this long for its connection. */
    ScriptedClient leaseWait(long nanos) {
        this.leaseWaitNanos = nanos;
        return this;
    }

    /** Every batch takes this long to write. */
    ScriptedClient write(long nanos) {
        this.writeNanos = nanos;
        return this;
    }

    /** Every lease waits its time and then fails, as a pool that has no connection to give. */
    ScriptedClient leaseFails() {
        this.leaseFails = true;
        return this;
    }

    /**
     * Says it is asynchronous, so that the engine drives its lanes from completions, though it
     * still completes every request inside the flush: completions arrive while their lane sends.
     */
    ScriptedClient callingItselfAsynchronous() {
        this.asynchronous = true;
        return this;
    }

    @Override
    public ClientDescription describe() {
        return new ClientDescription("scripted", "0", "RESP2", 1, "a script", ReplyTiming.EACH_REPLY, asynchronous);
    }

    @Override
    public boolean asynchronous() {
        return asynchronous;
    }

    @Override
    public Lease lease() {
        clock.advance(leaseWaitNanos);
        if (leaseFails) {
            throw new ClientException("no connection from the script's pool", null);
        }
        leases++;
        return new ScriptedLease();
    }

    @Override
    public void close() {
    }

    private final class ScriptedLease implements Lease {

        private final List<Request> queued = new ArrayList<>();

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
            List<Request> batch = List.copyOf(queued);
            queued.clear();
            clock.advance(writeNanos);
            for (Request request : batch) {
                request.markOnWire();
            }
            for (Request request : batch) {
                Reply reply = script.reply(served++, request);
                clock.advance(reply.afterNanos());
                switch (reply.outcome()) {
                    case VALUE -> request.succeeded(VALUE);
                    case TIMEOUT -> request.failed("timed out");
                }
            }
        }

        @Override
        public void close() {
        }
    }
}
