package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Jedis connection borrowed from the pool; closing it returns it (or drops it if broken).
 * Jedis reads replies only after a pipeline is written, so {@link #send} queues and
 * {@link #flush} writes the batch and waits for it. Not thread-safe: one thread per lease.
 */
final class JedisLease implements Lease {

    private final Jedis jedis;
    private final List<Request> queued = new ArrayList<>();

    JedisLease(Jedis jedis) {
        this.jedis = jedis;
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            return jedis.get(key);
        } catch (JedisException e) {
            throw new ClientException("GET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void set(byte[] key, byte[] value) {
        try {
            jedis.set(key, value);
        } catch (JedisException e) {
            throw new ClientException("SET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void setAll(byte[][] keys, byte[][] values, long[] ttlSeconds, int count, String[] errorReplies) {
        try {
            Pipeline batch = jedis.pipelined();
            @SuppressWarnings("unchecked")
            Response<String>[] replies = new Response[count];
            for (int i = 0; i < count; i++) {
                replies[i] = ttlSeconds == null
                        ? batch.set(keys[i], values[i])
                        : batch.setex(keys[i], ttlSeconds[i], values[i]);
            }
            batch.sync();
            for (int i = 0; i < count; i++) {
                errorReplies[i] = errorOf(replies[i]);
            }
        } catch (JedisException e) {
            throw new ClientException("pipelined SET failed: " + ClientException.describe(e), e);
        }
    }

    private static String errorOf(Response<?> reply) {
        try {
            reply.get();
            return null;
        } catch (JedisDataException e) {
            return e.getMessage();
        }
    }

    @Override
    public void send(Request request) {
        queued.add(request);
    }

    /**
     * Sends what {@link #send} queued and waits for the replies: one request as a plain command,
     * as an application would send it, several as one pipeline.
     */
    @Override
    public void flush() {
        if (queued.isEmpty()) {
            return;
        }
        if (queued.size() == 1) {
            sendAlone(queued.get(0));
        } else {
            sendPipelined();
        }
        queued.clear();
    }

    private void sendAlone(Request request) {
        Object reply;
        try {
            reply = switch (request.command()) {
                case GET -> jedis.get(request.key());
                case SETEX -> jedis.setex(request.key(), request.ttlSeconds(), request.value());
            };
        } catch (JedisDataException e) {
            request.rejected(e.getMessage());
            return;
        } catch (JedisException e) {
            request.failed(ClientException.describe(ClientException.rootCause(e)));
            return;
        }
        request.succeeded(reply instanceof byte[] bytes ? bytes : null);
    }

    private void sendPipelined() {
        Pipeline pipeline = jedis.pipelined();
        List<Response<?>> responses = new ArrayList<>(queued.size());
        String failure = null;
        try {
            for (Request request : queued) {
                responses.add(switch (request.command()) {
                    case GET -> pipeline.get(request.key());
                    case SETEX -> pipeline.setex(request.key(), request.ttlSeconds(), request.value());
                });
            }
            pipeline.sync();
        } catch (JedisException e) {
            failure = ClientException.describe(ClientException.rootCause(e));
        }
        for (int i = 0; i < queued.size(); i++) {
            Request request = queued.get(i);
            if (failure != null) {
                request.failed(failure);
                continue;
            }
            try {
                Object reply = responses.get(i).get();
                request.succeeded(reply instanceof byte[] bytes ? bytes : null);
            } catch (JedisDataException e) {
                request.rejected(e.getMessage());
            }
        }
    }

    /**
     * Returns the connection, or drops it when broken. The pool then opens a replacement to keep
     * its size; when the server is down that fails, but the broken connection is gone all the
     * same and the next borrow tries again, so the failure is not this request's.
     */
    @Override
    public void close() {
        try {
            jedis.close();
        } catch (JedisException replacementFailed) {
            // See above: counted, if at all, as the next borrow's failure.
        }
    }
}
