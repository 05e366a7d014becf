package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/**
 * Jedis in use by one thread: a connection borrowed from a {@code JedisPool}, or a
 * {@code JedisCluster}, which borrows one from the right node's pool per command and per
 * pipeline. Jedis reads replies only after a pipeline is written, so {@link #send} queues and
 * {@link #flush} writes the batch and waits for it. Not thread-safe: one thread per lease.
 *
 * <p>A cluster pipeline sends each command to the node its slot had when the client last
 * looked; an item answered with MOVED or ASK is sent again on its own, which follows the
 * redirection and updates the client's slot map.
 */
final class JedisLease implements Lease {

    private final JedisBinaryCommands commands;
    private final Supplier<AbstractPipeline> pipelines;
    private final Runnable release;
    private final List<Request> queued = new ArrayList<>();

    /**
     * @param commands  where single commands go
     * @param pipelines opens a pipeline on the same connection (or cluster)
     * @param release   hands the connection back; run by {@link #close()}
     */
    JedisLease(JedisBinaryCommands commands, Supplier<AbstractPipeline> pipelines, Runnable release) {
        this.commands = commands;
        this.pipelines = pipelines;
        this.release = release;
    }

    @Override
    public byte[] get(byte[] key) {
        try {
            return commands.get(key);
        } catch (JedisException e) {
            throw new ClientException("GET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void set(byte[] key, byte[] value) {
        try {
            commands.set(key, value);
        } catch (JedisException e) {
            throw new ClientException("SET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public void setAll(byte[][] keys, byte[][] values, long[] ttlSeconds, int count, String[] errorReplies) {
        try (AbstractPipeline batch = pipelines.get()) {
            @SuppressWarnings("unchecked")
            Response<String>[] replies = new Response[count];
            for (int i = 0; i < count; i++) {
                replies[i] = ttlSeconds == null
                        ? batch.set(keys[i], values[i])
                        : batch.setex(keys[i], ttlSeconds[i], values[i]);
            }
            batch.sync();
            for (int i = 0; i < count; i++) {
                errorReplies[i] = errorOf(replies[i], keys[i], values[i], ttlSeconds == null ? 0 : ttlSeconds[i]);
            }
        } catch (JedisException e) {
            throw new ClientException("pipelined SET failed: " + ClientException.describe(e), e);
        }
    }

    /** Null when the SET succeeded, else its error reply; a redirected SET is sent again alone. */
    private String errorOf(Response<?> reply, byte[] key, byte[] value, long ttlSeconds) {
        try {
            reply.get();
            return null;
        } catch (JedisRedirectionException moved) {
            try {
                if (ttlSeconds == 0) {
                    commands.set(key, value);
                } else {
                    commands.setex(key, ttlSeconds, value);
                }
                return null;
            } catch (JedisDataException e) {
                return e.getMessage();
            }
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
        try {
            succeed(request, switch (request.command()) {
                case GET -> commands.get(request.key());
                case SETEX -> commands.setex(request.key(), request.ttlSeconds(), request.value());
            });
        } catch (JedisException e) {
            fail(request, e, false);
        }
    }

    private void sendPipelined() {
        List<Response<?>> responses = new ArrayList<>(queued.size());
        String failure = null;
        try (AbstractPipeline pipeline = pipelines.get()) {
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
            } else {
                complete(request, responses.get(i));
            }
        }
    }

    private void complete(Request request, Response<?> response) {
        try {
            succeed(request, response.get());
        } catch (JedisException e) {
            fail(request, e, true);
        }
    }

    private static void succeed(Request request, Object reply) {
        request.succeeded(reply instanceof byte[] bytes ? bytes : null);
    }

    /**
     * An error reply rejects the request, any other failure fails it (a cluster pipeline reports a
     * node's broken connection on that node's replies); a pipelined request redirected with MOVED
     * or ASK is sent again alone.
     */
    private void fail(Request request, JedisException e, boolean resendRedirected) {
        if (resendRedirected && e instanceof JedisRedirectionException) {
            sendAlone(request);
        } else if (e instanceof JedisDataException) {
            request.rejected(e.getMessage());
        } else {
            request.failed(ClientException.describe(ClientException.rootCause(e)));
        }
    }

    @Override
    public void close() {
        release.run();
    }
}
