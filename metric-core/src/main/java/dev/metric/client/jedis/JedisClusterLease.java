package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/**
 * {@link JedisCluster} in use by one thread. The cluster client borrows a connection from the
 * right node's pool per command and per pipeline, and gives no hold between writing and reading:
 * a request is on the wire when the call begins, and a pipeline's replies are all stamped when
 * its last one is read ({@link dev.metric.client.ReplyTiming#WHOLE_CALL}).
 *
 * <p>A pipeline sends each command to the node its slot had when the client last looked; an item
 * answered with MOVED or ASK is sent again on its own, which follows the redirection and updates
 * the client's slot map.
 */
final class JedisClusterLease extends QueuingJedisLease {

    private final JedisCluster cluster;
    private final Supplier<AbstractPipeline> pipelines;

    /** @param pipelines opens a cluster pipeline, its replies read by a shared pool of threads */
    JedisClusterLease(JedisCluster cluster, Supplier<AbstractPipeline> pipelines) {
        super(cluster);
        this.cluster = cluster;
        this.pipelines = pipelines;
    }

    /** One request as a plain command, as an application would send it; several as one pipeline. */
    @Override
    void sendBatch(List<Request> batch) {
        if (batch.size() == 1) {
            sendAlone(batch.get(0));
        } else {
            sendPipelined(batch);
        }
    }

    private void sendAlone(Request request) {
        request.markOnWire();
        try {
            JedisCommands.succeed(request, switch (request.command()) {
                case GET -> cluster.get(request.key());
                case SET -> cluster.set(request.key(), request.value());
                case SETEX -> cluster.setex(request.key(), request.ttlSeconds(), request.value());
                case MGET -> cluster.mget(request.keys());
                case CUSTOM -> cluster.executeCommand(JedisCommands.arguments(request));
            });
        } catch (JedisException e) {
            fail(request, e, false);
        }
    }

    private void sendPipelined(List<Request> batch) {
        List<Response<?>> responses = new ArrayList<>(batch.size());
        String failure = null;
        for (Request request : batch) {
            request.markOnWire();
        }
        try (AbstractPipeline pipeline = pipelines.get()) {
            for (Request request : batch) {
                responses.add(switch (request.command()) {
                    case GET -> pipeline.get(request.key());
                    case SET -> pipeline.set(request.key(), request.value());
                    case SETEX -> pipeline.setex(request.key(), request.ttlSeconds(), request.value());
                    case MGET -> pipeline.mget(request.keys());
                    case CUSTOM -> pipeline.sendCommand(JedisCommands.arguments(request));
                });
            }
            pipeline.sync();
        } catch (JedisException e) {
            failure = ClientException.describe(ClientException.rootCause(e));
        }
        for (int i = 0; i < batch.size(); i++) {
            Request request = batch.get(i);
            if (failure != null) {
                request.failed(failure);
            } else {
                complete(request, responses.get(i));
            }
        }
    }

    private void complete(Request request, Response<?> response) {
        try {
            JedisCommands.succeed(request, response.get());
        } catch (JedisException e) {
            fail(request, e, true);
        }
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
        // Nothing to hand back: the cluster client borrows and returns per command and pipeline.
    }
}
