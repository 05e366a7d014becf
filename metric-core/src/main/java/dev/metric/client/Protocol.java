package dev.metric.client;

import java.util.Locale;

/**
 * The wire protocol a run speaks, by the name users type: which kind of server it measures and so
 * which client libraries can drive it.
 */
public enum Protocol {
    /** RESP, spoken by Redis and the servers compatible with it, through Jedis or Lettuce. */
    REDIS,
    /** memcached's text protocol, through a memcached client library. */
    MEMCACHED;

    /** The lower-case name used on the command line and in reports. */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return displayName();
    }
}
