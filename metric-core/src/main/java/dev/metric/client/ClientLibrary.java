package dev.metric.client;

import java.util.Locale;

/** The client libraries metric can drive, by the name users type. */
public enum ClientLibrary {
    JEDIS(Protocol.REDIS), LETTUCE(Protocol.REDIS), FOLSOM(Protocol.MEMCACHED);

    private final Protocol protocol;

    ClientLibrary(Protocol protocol) {
        this.protocol = protocol;
    }

    /** The protocol the library speaks. */
    public Protocol protocol() {
        return protocol;
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
