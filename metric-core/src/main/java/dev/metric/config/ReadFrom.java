package dev.metric.config;

import java.util.SplittableRandom;

/**
 * Where a run's reads go ({@code --read-from}): to the primary, as by default, to its replicas, or
 * to either. Writes always go to the primary. A read from a replica may miss a write the primary
 * acknowledged but the replica has not applied yet; {@code --strict} counts those apart from lost
 * writes.
 */
public enum ReadFrom {
    /** Every read to the primary. */
    PRIMARY,
    /** Every read to a replica, the replicas taken in turn. */
    REPLICAS,
    /** Each read to the primary or to a replica, at even odds. */
    ANY;

    /** Whether any read goes to a replica. */
    public boolean replicas() {
        return this != PRIMARY;
    }

    /**
     * Whether the next read goes to a replica: every one, none, or at even odds drawn from
     * {@code random}, which is drawn from only then, so a run of the primary alone draws nothing.
     */
    public boolean nextToReplica(SplittableRandom random) {
        return this == REPLICAS || this == ANY && random.nextBoolean();
    }
}
