package dev.metric.client;

import java.util.Locale;

/**
 * The client libraries metric can drive, by the name users type: the applications' libraries, and
 * {@link #RESP}, metric's own RESP client, which only writes and reads the protocol.
 */
public enum ClientLibrary {
    JEDIS(Protocol.REDIS), LETTUCE(Protocol.REDIS),
    /** metric's own RESP client on its event loops ({@code dev.metric.client.resp}): the loop engine only. */
    RESP(Protocol.REDIS),
    FOLSOM(Protocol.MEMCACHED);

    private final Protocol protocol;

    ClientLibrary(Protocol protocol) {
        this.protocol = protocol;
    }

    /** The protocol the library speaks. */
    public Protocol protocol() {
        return protocol;
    }

    /** Whether the library only runs on metric's event loops, with no pool for threads to borrow from. */
    public boolean loopsOnly() {
        return this == RESP;
    }

    /** The library a run of {@code protocol} uses when none is named. */
    public static ClientLibrary defaultFor(Protocol protocol) {
        return protocol == Protocol.MEMCACHED ? FOLSOM : JEDIS;
    }

    /** The lower-case name used on the command line and in reports. */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return displayName();
    }
}
