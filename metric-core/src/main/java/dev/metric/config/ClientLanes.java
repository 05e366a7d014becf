package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;

/**
 * How every mode's client drives the server: the library and its connection settings, the threads,
 * the connections (lanes) each drives and what drives them, and the requests each lane keeps in
 * flight. One record, so that every mode's configuration holds it alike; its fields are written at
 * the configuration's level of the JSON.
 *
 * @param library     client library
 * @param client      connection, pool and timeouts
 * @param threads     worker threads, 1 to {@value RunLimits#MAX_THREADS}
 * @param connections connections each thread drives, each a lane with its own requests in flight
 * @param engine      what runs the lanes: event loops, or a thread per lane
 * @param inflight    requests outstanding per connection in a sliding window (1: one at a time)
 */
public record ClientLanes(ClientLibrary library, ClientSettings client, int threads, int connections,
                          EngineKind engine, int inflight) {

    public ClientLanes {
        RunLimits.checkLanes(library, client, engine, threads, connections);
        RunLimits.checkInflight(inflight);
    }

    /** The lanes: a connection of its own each, with its requests in flight. */
    public int count() {
        return threads * connections;
    }
}
