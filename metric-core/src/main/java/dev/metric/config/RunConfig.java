package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;

/** What the configuration of every mode answers, so that code around a run needs to know no mode. */
public interface RunConfig {

    /** The server the run goes to, and how the client connects. */
    ClientSettings client();

    /** The client library. */
    ClientLibrary library();

    /** The run's client threads. */
    int threads();

    /** Connections each thread drives: its lanes. */
    int connections();

    /** What drives the lanes. */
    EngineKind engine();
}
