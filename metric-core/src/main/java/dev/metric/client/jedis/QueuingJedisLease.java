package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What the two Jedis leases share: blocking calls through Jedis's own commands, and requests
 * queued until a flush sends them as a batch. A completion may queue new requests during the
 * flush; they wait in a list of their own for the next one. Not thread-safe: one thread per lease.
 */
abstract class QueuingJedisLease implements Lease {

    private final JedisBinaryCommands commands;
    private List<Request> queued = new ArrayList<>();
    private List<Request> sending = new ArrayList<>();

    /** @param commands a pooled {@code Jedis} or the {@code JedisCluster} */
    QueuingJedisLease(JedisBinaryCommands commands) {
        this.commands = commands;
    }

    @Override
    public final byte[] get(byte[] key) {
        try {
            return commands.get(key);
        } catch (JedisException e) {
            throw new ClientException("GET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public final void set(byte[] key, byte[] value) {
        try {
            commands.set(key, value);
        } catch (JedisException e) {
            throw new ClientException("SET failed: " + ClientException.describe(e), e);
        }
    }

    @Override
    public final void send(Request request) {
        queued.add(request);
    }

    @Override
    public final void flush() {
        if (queued.isEmpty()) {
            return;
        }
        List<Request> batch = queued;
        queued = sending;
        sending = batch;
        try {
            sendBatch(batch);
        } finally {
            batch.clear();
        }
    }

    /** Sends {@code batch} and completes each of its requests before returning. */
    abstract void sendBatch(List<Request> batch);
}
