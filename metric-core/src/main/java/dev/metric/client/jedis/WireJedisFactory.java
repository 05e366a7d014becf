package dev.metric.client.jedis;

import java.util.function.Supplier;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.PooledObjectFactory;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * Makes the {@link Jedis} instances of a {@code JedisPool}, each on a {@link WireConnection}, so
 * that the pool's borrow and return (the part of Jedis an application pays per request) stay
 * Jedis's own while replies can be stamped one by one. Connections are never validated on borrow
 * (a PING per borrow would double the round trips being measured) and never switch database.
 * Each connection is opened to where {@code addresses} say at that moment: the server, or the
 * primary Sentinels name now, so that the connections that replace those a failover broke go to
 * the promoted server.
 */
final class WireJedisFactory implements PooledObjectFactory<Jedis> {

    private final Supplier<HostAndPort> addresses;
    private final JedisClientConfig config;

    WireJedisFactory(Supplier<HostAndPort> addresses, JedisClientConfig config) {
        this.addresses = addresses;
        this.config = config;
    }

    @Override
    public PooledObject<Jedis> makeObject() {
        return new DefaultPooledObject<>(new Jedis(new WireConnection(addresses.get(), config)));
    }

    @Override
    public void destroyObject(PooledObject<Jedis> pooled) {
        Jedis jedis = pooled.getObject();
        if (jedis.isConnected()) {
            jedis.close();
        }
    }

    @Override
    public boolean validateObject(PooledObject<Jedis> pooled) {
        return pooled.getObject().isConnected() && !pooled.getObject().isBroken();
    }

    @Override
    public void activateObject(PooledObject<Jedis> pooled) {
        // Nothing to restore: no connection ever changes its database or client name.
    }

    @Override
    public void passivateObject(PooledObject<Jedis> pooled) {
        // As above.
    }
}
