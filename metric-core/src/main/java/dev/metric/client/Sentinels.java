package dev.metric.client;

import java.util.List;

/**
 * The Redis Sentinels that watch a run's primary, and the name they know it by. A run given them
 * connects to whichever server they name as the primary, and every connection opened later (after
 * a failover broke the old ones) asks them again, so that the run follows a promotion as an
 * application does. They are reached without a password or TLS.
 *
 * @param master    the name the Sentinels monitor the primary under ({@code --master})
 * @param addresses where the Sentinels listen, asked in this order
 */
public record Sentinels(String master, List<ServerAddress> addresses) {

    public Sentinels {
        if (master == null || master.isBlank()) {
            throw new IllegalArgumentException("a Sentinel master name must not be empty");
        }
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("at least one Sentinel address is needed");
        }
        addresses = List.copyOf(addresses);
    }

    @Override
    public String toString() {
        return "master " + master + " of the Sentinels at " + addresses;
    }
}
