package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.pool2.ObjectPool;

/**
 * A Lettuce connection in use: the shared connection (closing does nothing, it is never
 * released) or one borrowed from a pool (closing returns it, or invalidates it after a failure).
 */
final class LettuceLease implements Lease {

    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final ObjectPool<StatefulRedisConnection<byte[], byte[]>> pool;
    private volatile boolean failed;

    LettuceLease(StatefulRedisConnection<byte[], byte[]> connection,
                 ObjectPool<StatefulRedisConnection<byte[], byte[]>> pool) {
        this.connection = connection;
        this.pool = pool;
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            return connection.sync().get(key);
        } catch (RedisException e) {
            markFailed();
            throw new ClientException("GET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void setAll(byte[][] keys, byte[][] values, long[] ttlSeconds, int count, String[] errorReplies) {
        RedisAsyncCommands<byte[], byte[]> async = connection.async();
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

    @Override
    public void send(Request request) {
        RedisAsyncCommands<byte[], byte[]> async = connection.async();
        RedisFuture<?> reply = switch (request.command()) {
            case GET -> async.get(request.key());
            case SETEX -> async.setex(request.key(), request.ttlSeconds(), request.value());
        };
        reply.whenComplete((result, failure) -> complete(request, result, failure));
    }

    /** Runs on Lettuce's I/O thread, or on the caller's when the reply is already there. */
    private void complete(Request request, Object result, Throwable failure) {
        if (failure == null) {
            request.succeeded(result instanceof byte[] bytes ? bytes : null);
        } else if (failure instanceof RedisCommandExecutionException reply) {
            request.failed(reply.getMessage(), false);
        } else {
            markFailed();
            request.failed(ClientException.describe(ClientException.rootCause(failure)), true);
        }
    }

    /** Lettuce writes each command as it is sent: nothing waits here. */
    @Override
    public void flush() {
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

    @Override
    public void close() {
        if (pool == null) {
            return;
        }
        try {
            if (failed) {
                pool.invalidateObject(connection);
            } else {
                pool.returnObject(connection);
            }
        } catch (Exception e) {
            throw new ClientException("cannot return a connection to the Lettuce pool: "
                    + ClientException.describe(e), e);
        }
    }
}
