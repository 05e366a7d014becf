package dev.metric.config;

import static dev.metric.config.RunLimits.require;

import dev.metric.client.ServerAddress;
import dev.metric.settings.Setting;
import java.time.Duration;
import java.util.List;

/**
 * Which replicas of the primary a run reads its keys back from once it has written them: those
 * the primary lists in {@code INFO replication}, those the user named (when the addresses the
 * primary sees are not the ones metric can reach), or none. A replica is read only once it has
 * applied the primary's writes, which it is given {@code catchUp} to do.
 *
 * @param found   read the replicas the primary lists
 * @param named   read these, each checked to be a replica of the primary; empty when none is named
 * @param catchUp how long each replica may take to apply the primary's writes before it is read
 */
public record ReplicaChoice(boolean found, List<ServerAddress> named, Duration catchUp) {

    /** How long a replica may take to catch up, unless told otherwise. */
    public static final Duration DEFAULT_CATCH_UP = Duration.ofSeconds(60);
    /** The replicas the primary lists, each given a minute to catch up. */
    public static final ReplicaChoice FOUND = new ReplicaChoice(true, List.of(), DEFAULT_CATCH_UP);
    /** No replica. */
    public static final ReplicaChoice NONE = new ReplicaChoice(false, List.of(), DEFAULT_CATCH_UP);

    public ReplicaChoice {
        named = List.copyOf(named);
        require(!found || named.isEmpty(), "replicas are either found through the primary or named, not both");
        require(named.stream().distinct().count() == named.size(), Setting.REPLICA, ": a replica is named twice");
        require(catchUp != null && !catchUp.isNegative() && !catchUp.isZero(), Setting.REPLICA_WAIT,
                " must be more than 0 s, got " + catchUp);
    }

    /** These replicas, named. */
    public static ReplicaChoice named(List<ServerAddress> replicas, Duration catchUp) {
        return new ReplicaChoice(false, replicas, catchUp);
    }

    /** Whether any replica may be read: those found, or those named. */
    public boolean any() {
        return found || !named.isEmpty();
    }
}
