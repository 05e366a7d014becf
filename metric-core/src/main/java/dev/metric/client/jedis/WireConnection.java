package dev.metric.client.jedis;

import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * A Jedis connection that lets its user write what it buffered without reading a reply. Jedis
 * itself only flushes as the first step of reading one ({@code getOne()}), which leaves no moment
 * between the write and the read to stamp a request as on the wire; with this the binding writes
 * a batch, stamps it, then reads and stamps each reply in turn.
 */
final class WireConnection extends Connection {

    /** Connects, authenticates and selects the database, as {@link Connection} does. */
    WireConnection(HostAndPort address, JedisClientConfig config) {
        super(address, config);
    }

    /** Writes the commands sent so far to the socket. */
    void writeOut() {
        flush();
    }
}
