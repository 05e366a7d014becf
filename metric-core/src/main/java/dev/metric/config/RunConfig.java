package dev.metric.config;

import dev.metric.client.ClientSettings;

/** What the configuration of every mode answers, so that code around a run needs to know no mode. */
public interface RunConfig {

    /** The server the run goes to, and how the client connects. */
    ClientSettings client();
}
