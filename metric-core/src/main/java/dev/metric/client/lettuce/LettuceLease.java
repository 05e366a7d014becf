package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import io.lettuce.core.RedisException;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.sync.RedisStringCommands;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.RedisCommand;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.pool2.ObjectPool;

/**
 * A Lettuce connection in use by one lane: the shared connection (closing does nothing, it is
 * never released) or one borrowed from a pool (closing returns it, or invalidates it after a
 * failure). Every {@code lease()} of the shared connection gets its own.
 *
 * <p>{@link #send} queues a request as a Lettuce command; {@link #flush} dispatches the queued
 * ones together, stamped as on the wire as they are handed to Lettuce's I/O thread. One dispatch
 * per batch instead of one per command spares the hand-over to that thread (a task and a
 * wake-up each). A flush called on an event loop thread (from a completion) is held until that
 * thread has handled the replies it is reading, so that the requests sent in answer to them
 * leave together in one write. Send and flush may come from the lane's thread and from Lettuce's
 * I/O threads; the queue is guarded.
 *
 * <p>The connection is to one server, or a cluster connection, which holds one to each node
 * and sends each command to the master of its key's slot, following MOVED and ASK.
 *
 * @param <C> the kind of connection: to a server or to a cluster
 */
final class LettuceLease<C extends StatefulConnection<byte[], byte[]>> implements Lease {

    private final C connection;
    private final RedisStringCommands<byte[], byte[]> sync;
    private final ObjectPool<C> pool;
    private final Runnable dispatchQueued = this::dispatchQueued;
    private volatile boolean failed;

    // Guarded by this.
    private List<RedisCommand<byte[], byte[], ?>> queuedCommands = new ArrayList<>();
    private List<Request> queuedRequests = new ArrayList<>();
    private boolean dispatchHeld;

    /**
     * @param sync  {@code connection}'s blocking commands
     * @param pool  where {@code connection} was borrowed from, or null for the shared connection
     */
    LettuceLease(C connection, RedisStringCommands<byte[], byte[]> sync, ObjectPool<C> pool) {
        this.connection = connection;
        this.sync = sync;
        this.pool = pool;
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            return sync.get(key);
        } catch (RedisException e) {
            markFailed();
            throw new ClientException("GET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void set(byte[] key, byte[] value) {
        try {
            sync.set(key, value);
        } catch (RedisException e) {
            markFailed();
            throw new ClientException("SET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void send(Request request) {
        Command<byte[], byte[], ?> command = LettuceCommands.of(request);
        AsyncCommand<byte[], byte[], ?> queued = new AsyncCommand<>(command);
        queued.whenComplete((result, failure) -> {
            if (LettuceOutcome.deliver(request, command, result, failure)) {
                markFailed();
            }
        });
        synchronized (this) {
            queuedCommands.add(queued);
            queuedRequests.add(request);
        }
    }

    @Override
    public void flush() {
        EventExecutor ioThread = ThreadExecutorMap.currentExecutor();
        if (ioThread == null) {
            dispatchQueued();
            return;
        }
        synchronized (this) {
            if (dispatchHeld || queuedCommands.isEmpty()) {
                return;
            }
            dispatchHeld = true;
        }
        // From inside the event loop this queues a task behind the replies being read, with no wake-up.
        ioThread.execute(dispatchQueued);
    }

    /** Hands what {@link #send} queued to Lettuce in one dispatch; it may still be writing it when this returns. */
    private void dispatchQueued() {
        List<RedisCommand<byte[], byte[], ?>> commands;
        List<Request> requests;
        synchronized (this) {
            dispatchHeld = false;
            if (queuedCommands.isEmpty()) {
                return;
            }
            // Lettuce keeps the collection it is given: each dispatch gets lists of its own.
            commands = queuedCommands;
            requests = queuedRequests;
            queuedCommands = new ArrayList<>(commands.size());
            queuedRequests = new ArrayList<>(requests.size());
        }
        for (Request request : requests) {
            request.markOnWire();
        }
        connection.dispatch(commands);
    }

    /** A pooled connection that failed is invalidated on close; the shared one is never released. */
    private void markFailed() {
        if (pool != null) {
            failed = true;
        }
    }

    /**
     * Returns a pooled connection, or invalidates it after a failure. The pool then opens a
     * replacement to keep its size; while the server (or a cluster's master) is down that fails,
     * but the broken connection is gone all the same and the next borrow tries again, so the
     * failure is not this request's.
     */
    @Override
    public void close() {
        if (pool == null) {
            return;
        }
        if (!failed) {
            try {
                pool.returnObject(connection);
            } catch (Exception e) {
                throw new ClientException("cannot return a connection to the Lettuce pool: "
                        + ClientException.describe(e), e);
            }
            return;
        }
        try {
            pool.invalidateObject(connection);
        } catch (Exception replacementFailed) {
            // See above: counted, if at all, as the next borrow's failure.
        }
    }
}
