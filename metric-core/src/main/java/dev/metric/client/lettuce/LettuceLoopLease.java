package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.IoLoop;
import dev.metric.client.LoopLease;
import dev.metric.client.Request;
import dev.metric.client.netty.ReadTurn;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.internal.ExceptionFactory;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One connection of a loop lane: requests become Lettuce commands, buffered as they are sent (the
 * connection does not flush by itself) and written together by {@link #flush}, on the loop's thread.
 * A GET's value is read into its request's own buffer ({@link ValueIntoRequestOutput}), which is safe
 * here because replies are read and requests reused on that one thread.
 *
 * <p>A flush from inside a read (a reply's completion sent more) holds the requests until a third of
 * the connection's requests in flight are waiting to be written, or the read has been decoded
 * ({@link ReadTurn#writesNow}).
 *
 * <p>Command timeouts are kept here rather than by Lettuce, whose timeout sets a timer per command:
 * commands in flight wait in order, and a check every quarter of the timeout fails those that have had
 * no reply for the whole timeout. Lettuce keeps a failed command until its reply comes, if ever, so
 * that later replies still meet their own commands. The check goes on until the loop ends.
 */
final class LettuceLoopLease extends ReadTurn.Holder implements LoopLease {

    private final StatefulConnection<byte[], byte[]> connection;
    private final IoLoop loop;
    private final ReadTurn turn;
    private final Duration timeout;
    private final long timeoutNanos;
    private final List<Request> unwritten = new ArrayList<>();
    private final ArrayDeque<LoopCommand> inFlight = new ArrayDeque<>();

    /**
     * @param connection a connection that does not flush by itself, of the loop whose reads
     *                   {@code turn} follows
     */
    LettuceLoopLease(StatefulConnection<byte[], byte[]> connection, IoLoop loop, ReadTurn turn, Duration timeout) {
        this.connection = connection;
        this.loop = loop;
        this.turn = turn;
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
        loop.execute(this::checkTimeouts);
    }

    @Override
    public IoLoop loop() {
        return loop;
    }

    /** A blocking GET, for callers off the loop: the command is flushed at once, as this connection does not. */
    @Override
    public byte[] get(byte[] key) {
        return await("GET", LettuceSetup.async(connection).get(key));
    }

    @Override
    public void set(byte[] key, byte[] value) {
        await("SET", LettuceSetup.async(connection).set(key, value));
    }

    private <T> T await(String command, RedisFuture<T> reply) {
        connection.flushCommands();
        try {
            return LettuceFutures.awaitOrCancel(reply, timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RedisException e) {
            throw new ClientException(command + " failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void send(Request request) {
        LoopCommand command = new LoopCommand(LettuceCommands.intoRequest(request), request);
        connection.dispatch(command);
        // A connection that is closed refuses the command at once; it has completed already.
        if (!command.isDone()) {
            unwritten.add(request);
            inFlight.add(command);
        }
        // Replies come in order: what has completed leaves from the front, and the queue stays a window long.
        while (!inFlight.isEmpty() && inFlight.peek().isDone()) {
            inFlight.poll();
        }
    }

    @Override
    public void flush() {
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

    /** Stamps the requests as on the wire as they are handed to the socket, then writes them in one go. */
    private void write() {
        for (int i = 0; i < unwritten.size(); i++) {
            unwritten.get(i).markOnWire();
        }
        unwritten.clear();
        connection.flushCommands();
    }

    /** Fails the commands that have waited the whole timeout for a reply, then looks again in a quarter of it. */
    private void checkTimeouts() {
        for (LoopCommand oldest = inFlight.peek(); oldest != null; oldest = inFlight.peek()) {
            if (oldest.isDone()) {
                inFlight.poll();
                continue;
            }
            if (oldest.request().nanosOnWire() < timeoutNanos) {
                break;
            }
            inFlight.poll();
            oldest.completeExceptionally(ExceptionFactory.createTimeoutException(timeout));
        }
        loop.schedule(this::checkTimeouts, timeoutNanos / 4);
    }

    /** Nothing to hand back: the connection stays open, the client's until it closes. */
    @Override
    public void close() {
    }
}
