package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Request;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Jedis connection borrowed from a {@code JedisPool} by one thread. {@link #flush} writes the
 * queued commands in one write, stamps them as on the wire, then reads the replies one by one,
 * stamping each as it is read: the service time of the k-th request of a batch ends at its own
 * reply, not at the batch's last. Not thread-safe: one thread per lease.
 */
final class JedisLease extends QueuingJedisLease {

    private final Jedis jedis;
    private final WireConnection wire;

    JedisLease(Jedis jedis) {
        super(jedis);
        this.jedis = jedis;
        this.wire = (WireConnection) jedis.getConnection();
    }

    @Override
    void sendBatch(List<Request> batch) {
        if (write(batch)) {
            read(batch);
        }
    }

    /**
     * Stamps the batch as on the wire, then writes it in one go, as every binding stamps a request
     * as it hands it to its library's write; false when the write failed, and with it the batch.
     */
    private boolean write(List<Request> batch) {
        for (Request request : batch) {
            request.markOnWire();
        }
        try {
            for (Request request : batch) {
                wire.sendCommand(JedisCommands.arguments(request));
            }
            wire.writeOut();
        } catch (JedisException e) {
            String failure = ClientException.describe(ClientException.rootCause(e));
            for (Request request : batch) {
                request.failed(failure);
            }
            return false;
        }
        return true;
    }
    /** Reads one reply per request, in order; a broken connection fails the request and all after it. */
    private void read(List<Request> batch) {
        for (int i = 0; i < batch.size(); i++) {
            Request request = batch.get(i);
            try {
                JedisCommands.succeed(request, wire.getUnflushedObject());
            } catch (JedisDataException errorReply) {
                request.rejected(errorReply.getMessage());
            } catch (JedisException e) {
                String failure = ClientException.describe(ClientException.rootCause(e));
                for (int rest = i; rest < batch.size(); rest++) {
                    batch.get(rest).failed(failure);
                }
                return;
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
