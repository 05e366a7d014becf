package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisStringAsyncCommands;
import io.lettuce.core.api.sync.RedisStringCommands;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.RedisCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.pool2.ObjectPool;

/**
 * A Lettuce connection in use by one thread: the shared connection (closing does nothing, it is
 * never released) or one borrowed from a pool (closing returns it, or invalidates it after a
 * failure). Not thread-safe: every {@code lease()} of the shared connection gets its own.
 *
 * <p>The connection is to one server, or a cluster connection, which holds one to each node
 * and sends each command to the master of its key's slot, following MOVED and ASK.
 *
 * @param <C> the kind of connection: to a server or to a cluster
 */
final class LettuceLease<C extends StatefulConnection<byte[], byte[]>> implements Lease {

    private final C connection;
    private final RedisStringCommands<byte[], byte[]> sync;
    private final RedisStringAsyncCommands<byte[], byte[]> async;
    private final ObjectPool<C> pool;
    private volatile boolean failed;
    private List<RedisCommand<byte[], byte[], ?>> pending = new ArrayList<>();

    /**
     * @param sync  {@code connection}'s blocking commands
     * @param async {@code connection}'s asynchronous commands
     * @param pool  where {@code connection} was borrowed from, or null for the shared connection
     */
    LettuceLease(C connection, RedisStringCommands<byte[], byte[]> sync,
                 RedisStringAsyncCommands<byte[], byte[]> async, ObjectPool<C> pool) {
        this.connection = connection;
        this.sync = sync;
        this.async = async;
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
    public void setAll(byte[][] keys, byte[][] values, long[] ttlSeconds, int count, String[] errorReplies) {
        @SuppressWarnings("unchecked")
        RedisFuture<String>[] replies = new RedisFuture[count];
        for (int i = 0; i < count; i++) {
            replies[i] = ttlSeconds == null
                    ? async.set(keys[i], values[i])
                    : async.setex(keys[i], ttlSeconds[i], values[i]);
        }
        long timeoutNanos = timeout().toNanos();
        for (int i = 0; i < count; i++) {
            try {
                replies[i].get(timeoutNanos, TimeUnit.NANOSECONDS);
                errorReplies[i] = null;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RedisCommandExecutionException reply) {
                    errorReplies[i] = reply.getMessage();
                } else {
                    markFailed();
                    throw new ClientException("pipelined SET failed: " + ClientException.describe(e.getCause()), e);
                }
            } catch (TimeoutException e) {
                markFailed();
                throw new ClientException("pipelined SET timed out after " + timeout(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClientException("interrupted while waiting for SET replies", e);
            }
        }
    }

    /**
     * Queues {@code request} as a Lettuce command; {@link #flush()} dispatches the queued ones
     * together. One dispatch per batch instead of one per command spares the hand-over to
     * Lettuce's I/O thread (a task and a wake-up each) that otherwise dominates the client's cost.
     */
    @Override
    public void send(Request request) {
        Command<byte[], byte[], ?> command = switch (request.command()) {
            case GET -> LettuceCommands.get(request.key());
            case SETEX -> LettuceCommands.setex(request.key(), request.ttlSeconds(), request.value());
        };
        AsyncCommand<byte[], byte[], ?> queued = new AsyncCommand<>(command);
        queued.whenComplete((result, failure) -> complete(request, result, failure));
        pending.add(queued);
    }

    /** Runs on Lettuce's I/O thread, or on the caller's when the command failed at once. */
    private void complete(Request request, Object result, Throwable failure) {
        if (failure == null) {
            request.succeeded(result instanceof byte[] bytes ? bytes : null);
        } else if (failure instanceof RedisCommandExecutionException reply) {
            request.rejected(reply.getMessage());
        } else {
            markFailed();
            request.failed(ClientException.describe(ClientException.rootCause(failure)));
        }
    }

    /** Dispatches what {@link #send} queued; Lettuce may still be writing it when this returns. */
    @Override
    public void flush() {
        if (pending.isEmpty()) {
            return;
        }
        // Lettuce hands the collection itself to its I/O thread: it gets a list of its own.
        List<RedisCommand<byte[], byte[], ?>> batch = pending;
        pending = new ArrayList<>();
        connection.dispatch(batch);
    }

    /** A pooled connection that failed is invalidated on close; the shared one is never released. */
    private void markFailed() {
        if (pool != null) {
            failed = true;
        }
    }

    private Duration timeout() {
        return connection.getTimeout();
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
