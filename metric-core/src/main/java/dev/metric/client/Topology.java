package dev.metric.client;

/**
 * What stands behind a run's address: one server, a node of a Redis Cluster, or a primary that
 * Redis Sentinels watch and may replace. Its fields are written at the level of the settings that
 * hold it.
 *
 * @param cluster   whether the address is one node of a Redis Cluster, used through the libraries'
 *                  cluster clients
 * @param sentinels the Sentinels that name the primary, or null when none do
 */
public record Topology(boolean cluster, Sentinels sentinels) {

    /** One server, found at its address for the whole run. */
    public static final Topology STANDALONE = new Topology(false, null);

    /** A node of a Redis Cluster. */
    public static final Topology CLUSTER = new Topology(true, null);

    public Topology {
        if (cluster && sentinels != null) {
            throw new IllegalArgumentException("a Redis Cluster fails over by itself: it has no Sentinels");
        }
    }

    /** A node of a cluster when {@code cluster}, else one server. */
    public static Topology of(boolean cluster) {
        return cluster ? CLUSTER : STANDALONE;
    }

    /** A primary that {@code sentinels} name. */
    public static Topology of(Sentinels sentinels) {
        return new Topology(false, sentinels);
    }
}
