package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Which masters serve a cluster's hash slots, as one node tells it in {@code CLUSTER NODES}: what
 * metric needs to read every master's INFO, count and delete keys on each, and say how the load
 * spread over them.
 *
 * @param masters the masters that serve at least one slot, by host and port
 */
public record ClusterTopology(List<Master> masters) {

    /** Hash slots of a Redis Cluster. */
    public static final int SLOTS = 16384;

    /**
     * @param id      the node's id
     * @param address where clients reach it
     * @param slots   how many slots it serves
     */
    public record Master(String id, ServerAddress address, int slots) {
    }

    /**
     * Parses a {@code CLUSTER NODES} reply. A node that does not know its own address lists it
     * with an empty host: {@code seedHost}, the host the reply came from, stands in for it.
     *
     * @throws IllegalArgumentException when a line is not of that form
     */
    public static ClusterTopology parse(String clusterNodes, String seedHost) {
        List<Master> masters = new ArrayList<>();
        for (String line : clusterNodes.split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.trim().split(" ");
            if (parts.length < 8) {
                throw new IllegalArgumentException("not a CLUSTER NODES line: " + line);
            }
            Set<String> flags = Set.of(parts[2].split(","));
            int slots = slots(Arrays.asList(parts).subList(8, parts.length));
            if (flags.contains("master") && !flags.contains("fail") && !flags.contains("noaddr") && slots > 0) {
                masters.add(new Master(parts[0], address(parts[1], seedHost), slots));
            }
        }
        masters.sort(Comparator.comparing((Master master) -> master.address().host())
                .thenComparingInt(master -> master.address().port()));
        return new ClusterTopology(List.copyOf(masters));
    }

    /** {@code host:port@busport[,hostname]}; the host may be an IPv6 literal, or empty. */
    private static ServerAddress address(String text, String seedHost) {
        String hostAndPort = text.split("[@,]")[0];
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a node address: " + text);
        }
        String host = hostAndPort.substring(0, colon);
        return new ServerAddress(host.isEmpty() ? seedHost : host, Integer.parseInt(hostAndPort.substring(colon + 1)));
    }

    /** Counts {@code 0-5460} and {@code 5461} entries; {@code [slot->-id]} marks a migration, not a slot served. */
    private static int slots(List<String> entries) {
        int count = 0;
        for (String entry : entries) {
            if (entry.startsWith("[")) {
                continue;
            }
            int dash = entry.indexOf('-');
            count += dash < 0 ? 1
                    : Integer.parseInt(entry.substring(dash + 1)) - Integer.parseInt(entry.substring(0, dash)) + 1;
        }
        return count;
    }

    /** Slots no master serves: a cluster with any cannot take every key. */
    public int uncoveredSlots() {
        return SLOTS - masters.stream().mapToInt(Master::slots).sum();
    }
}
