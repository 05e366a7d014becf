package dev.metric.cli.option;

import dev.metric.cli.convert.AddressConverter;
import dev.metric.cli.convert.QuantityConverters;
import dev.metric.client.ServerAddress;
import dev.metric.config.ReplicaChoice;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which replicas of the server a run reads its keys back from once it has written them: mode1's and mode2's. */
public final class ReplicaOptions {

    @Option(names = "--replica", paramLabel = "HOST:PORT", converter = AddressConverter.class,
            description = "A replica of the server to read every key of once it has applied the server's writes"
                    + " (repeatable). Default: the replicas the server lists in INFO replication, at the addresses"
                    + " it sees them at; each must be a replica of this server.")
    List<ServerAddress> named = new ArrayList<>();

    @Option(names = "--no-replicas", description = "Read no replica, not even those the server lists.")
    boolean none;

    @Option(names = "--replica-wait", paramLabel = "SECONDS", defaultValue = "60",
            converter = QuantityConverters.Seconds.class,
            description = "How long each replica may take to apply the server's writes before its keys are read; one"
                    + " that takes longer fails the run (default: ${DEFAULT-VALUE} s).")
    Duration wait;

    /**
     * The replicas read back: those named, none, or those the server lists.
     *
     * @throws SettingException when replicas are named and none are asked for
     */
    public ReplicaChoice choice() {
        if (none && !named.isEmpty()) {
            throw new SettingException(SettingMessage.of(Setting.REPLICA, " and ", Setting.NO_REPLICAS,
                    " contradict each other"));
        }
        if (!named.isEmpty()) {
            return ReplicaChoice.named(named, wait);
        }
        return new ReplicaChoice(!none, List.of(), wait);
    }
}
