package dev.metric.client;

import java.util.Locale;

/** What runs a client's lanes: the two ways an application can drive a client, by the name users type. */
public enum EngineKind {

    /**
     * A thread per lane, calling the client as an application's threads call it: the library's
     * own threading, pooling and hand-overs between threads are part of what is measured. The only
     * engine for a blocking client (Jedis).
     */
    THREADS,

    /**
     * Each client thread an event loop of metric's that drives its connections from their
     * replies and its own timers, with nothing handed from one thread to another per request: the
     * shape memtier_benchmark and wrk2 drive servers in. For an asynchronous client (Lettuce, folsom).
     */
    LOOP;

    /** The lower-case name used on the command line and in reports. */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return displayName();
    }
}
