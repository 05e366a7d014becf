package dev.metric.result;

import java.util.List;

/**
 * What the WAITs that followed a stretch of traffic's writes answered ({@code --wait}): how many
 * replicas had each write when WAIT returned, either because that many had it or because WAIT's
 * timeout ran out first.
 *
 * @param replicasAsked WAIT's numreplicas: the replicas each write was to reach
 * @param timeoutMillis how long each WAIT could block
 * @param byReplicas    WAITs by the replicas they answered, from 0 to {@code replicasAsked}, those
 *                      that answered more counted with the last
 */
public record WriteAcks(int replicasAsked, long timeoutMillis, List<Long> byReplicas) {

    public WriteAcks {
        byReplicas = List.copyOf(byReplicas);
    }

    /** WAITs answered. */
    public long answered() {
        return byReplicas.stream().mapToLong(Long::longValue).sum();
    }

    /** WAITs that answered every replica asked for had the write. */
    public long reachedAll() {
        return byReplicas.get(replicasAsked);
    }
}
