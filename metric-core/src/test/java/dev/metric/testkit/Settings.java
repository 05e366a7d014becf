package dev.metric.testkit;

import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.client.Sentinels;
import dev.metric.client.Topology;

/** Client settings as tests vary them: the command line builds its own in one go. */
public final class Settings {

    private Settings() {
    }

    /** {@code settings} for the cluster that their address is a node of. */
    public static ClientSettings inCluster(ClientSettings settings) {
        return new ClientSettings(settings.address(), settings.database(), settings.access(), settings.poolSize(),
                settings.poolPerThread(), settings.timeouts(), Topology.CLUSTER,
                settings.resp(), settings.protocol(), settings.busyPoll());
    }

    /** {@code settings} for the primary that {@code sentinels} name, at their address. */
    public static ClientSettings watchedBy(ClientSettings settings, Sentinels sentinels) {
        return new ClientSettings(settings.address(), settings.database(), settings.access(), settings.poolSize(),
                settings.poolPerThread(), settings.timeouts(), Topology.of(sentinels),
                settings.resp(), settings.protocol(), settings.busyPoll());
    }

    /** {@code settings} speaking {@code version} of the protocol. */
    public static ClientSettings withResp(ClientSettings settings, RespVersion version) {
        return new ClientSettings(settings.address(), settings.database(), settings.access(), settings.poolSize(),
                settings.poolPerThread(), settings.timeouts(), settings.topology(),
                version, settings.protocol(), settings.busyPoll());
    }
}
