package dev.metric.client.jedis;

import dev.metric.client.ClientException;
import dev.metric.client.Lease;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** A Jedis connection borrowed from the pool; closing it returns it (or drops it if broken). */
final class JedisLease implements Lease {

    private final Jedis jedis;

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
    public void setAll(byte[][] keys, byte[][] values, int count, String[] errorReplies) {
        try {
            Pipeline pipeline = jedis.pipelined();
            @SuppressWarnings("unchecked")
            Response<String>[] replies = new Response[count];
            for (int i = 0; i < count; i++) {
                replies[i] = pipeline.set(keys[i], values[i]);
            }
            pipeline.sync();
            for (int i = 0; i < count; i++) {
                errorReplies[i] = errorOf(replies[i]);
            }
        } catch (JedisException e) {
            throw new ClientException("pipelined SET failed: " + ClientException.describe(e), e);
        }
    }

    private static String errorOf(Response<String> reply) {
        try {
            reply.get();
            return null;
        } catch (JedisDataException e) {
            return e.getMessage();
        }
    }

    @Override
    public void close() {
        jedis.close();
    }
}
