package dev.metric.client;

import java.util.Locale;

/** The client libraries metric can drive, by the name users type. */
public enum ClientLibrary {
    JEDIS, LETTUCE;

    /** The lower-case name used on the command line and in reports. */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return displayName();
    }
}
