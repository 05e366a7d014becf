package dev.metric.testkit;

import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;

/** Client settings as tests vary them: the command line builds its own in one go. */
public final class Settings {

    private Settings() {
    }

    /** {@code settings} for the cluster that their address is a node of. */
    public static ClientSettings inCluster(ClientSettings settings) {
        return new ClientSettings(settings.address(), settings.database(), settings.access(), settings.poolSize(),
                settings.poolPerThread(), settings.timeouts(), true,
                settings.resp(), settings.protocol(), settings.busyPoll());
    }

    /** {@code settings} speaking {@code version} of the protocol. */
    public static ClientSettings withResp(ClientSettings settings, RespVersion version) {
        return new ClientSettings(settings.address(), settings.database(), settings.access(), settings.poolSize(),
                settings.poolPerThread(), settings.timeouts(), settings.cluster(),
                version, settings.protocol(), settings.busyPoll());
    }
}
