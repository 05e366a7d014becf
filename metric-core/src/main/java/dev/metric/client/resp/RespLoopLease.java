package dev.metric.client.resp;

import dev.metric.client.ClientException;
import dev.metric.client.Completion;
import dev.metric.client.IoLoop;
import dev.metric.client.LoopLease;
import dev.metric.client.Request;
import dev.metric.client.netty.ReadTurn;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One connection of metric's RESP client. Requests sent are queued; a flush stamps them as on the
 * wire, encodes them into one buffer ({@link RespWriter}) and writes it. Replies come in the order
 * the requests went, so the request at the head of those in flight is the one the next reply
 * answers ({@link RespReader}).
 *
 * <p>A flush from inside a read holds the requests until a third of the requests in flight wait to
 * be written or the read has been decoded ({@link ReadTurn#writesNow}): the requests sent in answer
 * to one read's replies leave in one write.
 *
 * <p>A request with no reply for the command timeout fails; its reply, when it comes, is read and
 * dropped, so that later replies still meet their own requests. A connection that closes, or sends
 * what is not RESP, fails every request in flight, and every request sent on it afterwards at once:
 * it is not opened again.
 *
 * <p>Everything happens on the loop's thread. A caller off the loop (the load phase, from threads of
 * its own) has its sends and flushes handed to the loop, in the order it made them.
 */
final class RespLoopLease extends ReadTurn.Holder implements LoopLease {

    private final IoLoop loop;
    private final ReadTurn turn;
    private final Duration timeout;
    private final long timeoutNanos;
    private final RespReader reader = new RespReader();
    private final List<Request> unwritten = new ArrayList<>();
    private final ArrayDeque<Request> inFlight = new ArrayDeque<>();
    /** Replies still to come for requests that timed out, which come before those of {@link #inFlight}. */
    private int abandoned;
    private Channel channel;
    private String closedBecause;

    RespLoopLease(IoLoop loop, ReadTurn turn, Duration timeout) {
        this.loop = loop;
        this.turn = turn;
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
    }

    /** The handler that reads this connection's replies: the last of its pipeline. */
    ByteToMessageDecoder replies() {
        return new Replies();
    }

    /** Starts using {@code opened}, whose pipeline ends in {@link #replies()}. */
    void attach(Channel opened) {
        this.channel = opened;
        loop.execute(this::checkTimeouts);
    }

    @Override
    public IoLoop loop() {
        return loop;
    }

    @Override
    public void send(Request request) {
        if (!loop.inLoop()) {
            loop.execute(() -> send(request));
            return;
        }
        if (closedBecause != null) {
            request.failed(closedBecause);
            return;
        }
        unwritten.add(request);
        inFlight.add(request);
    }

    @Override
    public void flush() {
        if (!loop.inLoop()) {
            loop.execute(this::flush);
            return;
        }
        if (!unwritten.isEmpty() && turn.writesNow(this, unwritten.size(), inFlight.size())) {
            write();
        }
    }

    /** Writes what a flush held during a read, now that the read has been decoded. */
    @Override
    protected void writeHeld() {
        if (!unwritten.isEmpty()) {
            write();
        }
    }

    /** Stamps the requests as on the wire as they are handed over, then encodes them into one buffer and writes it. */
    private void write() {
        for (int i = 0; i < unwritten.size(); i++) {
            unwritten.get(i).markOnWire();
        }
        ByteBuf out = channel.alloc().ioBuffer();
        for (int i = 0; i < unwritten.size(); i++) {
            RespWriter.write(out, unwritten.get(i));
        }
        unwritten.clear();
        channel.writeAndFlush(out, channel.voidPromise());
    }

    /** A blocking GET, for callers off the loop. */
    @Override
    public byte[] get(byte[] key) {
        Call call = new Call();
        call.get(key);
        return call.await(this, timeout).reply();
    }

    @Override
    public void set(byte[] key, byte[] value) {
        Call call = new Call();
        call.set(key, value);
        call.await(this, timeout);
    }

    /**
     * Sends {@code words} as one command and waits for its reply, for a caller off the loop.
     *
     * @return the request, answered
     * @throws ClientException on an error reply, a failed connection or a timeout
     */
    Request call(byte[]... words) {
        Call call = new Call();
        call.custom(words, 0);
        return call.await(this, timeout);
    }

    /** Fails the requests that have waited the whole timeout for a reply, then looks again in a quarter of it. */
    private void checkTimeouts() {
        for (Request oldest = inFlight.peek(); oldest != null; oldest = inFlight.peek()) {
            if (oldest.nanosOnWire() < timeoutNanos) {
                break;
            }
            inFlight.poll();
            if (abandoned == 0) {
                reader.drop();
            }
            abandoned++;
            oldest.failed("no reply within " + timeout.toMillis() + " ms");
        }
        if (closedBecause == null) {
            loop.schedule(this::checkTimeouts, timeoutNanos / 4);
        }
    }

    /** Fails every request in flight, and from now on every request sent, with {@code reason}. */
    private void close(String reason) {
        if (closedBecause != null) {
            return;
        }
        closedBecause = reason;
        unwritten.clear();
        while (!inFlight.isEmpty()) {
            inFlight.poll().failed(reason);
        }
    }

    /** Nothing to hand back: the connection stays open, the client's until it closes. */
    @Override
    public void close() {
    }

    /** Reads the replies that have come, each completing the request at the head of those in flight. */
    private final class Replies extends ByteToMessageDecoder {

        @Override
        protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
            while (in.isReadable()) {
                Request head = abandoned > 0 ? null : inFlight.peek();
                if (head == null && abandoned == 0) {
                    throw new RespProtocolException("a reply to no request: "
                            + in.toString(in.readerIndex(), Math.min(in.readableBytes(), 40),
                            StandardCharsets.US_ASCII).strip());
                }
                if (!reader.read(in, head)) {
                    return;
                }
                if (abandoned > 0) {
                    abandoned--;
                } else {
                    inFlight.poll();
                }
                reader.deliver();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) throws Exception {
            close("the server closed the connection");
            super.channelInactive(context);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            close(ClientException.describe(ClientException.rootCause(cause)));
            context.close();
        }
    }

    /** A request of a caller off the loop, which waits for it. */
    private static final class Call extends Request {

        private final Waiter waiter;

        Call() {
            this(new Waiter());
        }

        private Call(Waiter waiter) {
            super(waiter);
            this.waiter = waiter;
        }

        /** Sends this on {@code lease}, waits for its outcome, and throws when it failed. */
        Call await(RespLoopLease lease, Duration timeout) {
            intend(System.nanoTime());
            lease.send(this);
            lease.flush();
            boolean done;
            try {
                // The lease fails the request after its timeout; twice that is only for a loop that is stuck.
                done = waiter.done.await(2 * timeout.toNanos() + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClientException(command() + " interrupted", e);
            }
            String name = command() == Command.CUSTOM ? new String(arguments()[0],
                    StandardCharsets.UTF_8) : command().name();
            if (!done) {
                throw new ClientException(name + " failed: its connection's loop did not answer", null);
            }
            if (error() != null) {
                throw new ClientException(name + " failed: " + error(), null);
            }
            return this;
        }
    }

    /** The clock and the word of completion of a {@link Call}. */
    private static final class Waiter implements Completion {

        private final CountDownLatch done = new CountDownLatch(1);

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void completed(Request request) {
            done.countDown();
        }
    }
}
