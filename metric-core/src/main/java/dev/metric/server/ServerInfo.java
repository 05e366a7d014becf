package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a server says about itself in INFO, reduced to what a result must name. For a cluster it
 * is the masters' readings added up, with each master's own reading beside it.
 *
 * @param name    server software: {@code redis}, {@code valkey}, ... (from {@code server_name}
 *                when present, else {@code redis})
 * @param version its version
 * @param mode    {@code standalone}, {@code cluster} or {@code sentinel}
 * @param fields  every {@code field:value} line of the INFO reply it was parsed from; for a
 *                cluster, see {@link #ofCluster}
 * @param nodes   each master's own reading, for a cluster; empty for one server
 */
public record ServerInfo(String name, String version, String mode, Map<String, String> fields, List<Node> nodes) {

    private static final String MEMCACHED = "memcached";

    /** Counters that add up over the masters of a cluster. */
    private static final Set<String> SUMMED = Set.of("keyspace_hits", "keyspace_misses", "expired_keys",
            "evicted_keys", "total_commands_processed", "used_memory", "connected_clients",
            "total_connections_received", "rejected_connections", "total_net_input_bytes", "total_net_output_bytes");

    /** Per-field figures that are recomputed or have no sum: left out of a cluster's total. */
    private static final Set<String> NOT_SUMMED_PARTS = Set.of("usec_per_call", "avg_ttl");

    /**
     * One master of a cluster, as read for one reading.
     *
     * @param address where it listens
     * @param slots   how many of the 16384 hash slots it serves
     * @param info    its own INFO
     */
    public record Node(ServerAddress address, int slots, ServerInfo info) {
    }

    /**
     * Parses an INFO reply: {@code # Section} headers and {@code field:value} lines. The lines are
     * split without a regular expression: a run reads INFO every second while it measures, and the
     * JIT compiling a regex matcher late in a run took tens of milliseconds from a measured window.
     */
    public static ServerInfo parse(String info) {
        Map<String, String> fields = new LinkedHashMap<>();
        info.lines().forEach(line -> {
            int colon = line.indexOf(':');
            if (!line.startsWith("#") && colon >= 1) {
                fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
            }
        });
        return of(fields, List.of());
    }

    /**
     * A memcached server's {@code stats}: named {@code memcached}, its version from the
     * {@code version} stat, and standalone, since memcached servers know nothing of each other.
     */
    public static ServerInfo ofMemcached(Map<String, String> stats) {
        return new ServerInfo(MEMCACHED, stats.getOrDefault("version", "unknown"), "standalone",
                Collections.unmodifiableMap(new LinkedHashMap<>(stats)), List.of());
    }

    /**
     * The {@code name=value} parts of a field's value, as INFO writes {@code cmdstat_get} or
     * {@code slave0} ({@code ip=127.0.0.1,port=6402,state=online}); a part without a name and {@code =} is
     * left out.
     */
    public static Map<String, String> parts(String value) {
        Map<String, String> parts = new LinkedHashMap<>();
        for (String part : value.split(",")) {
            int equals = part.indexOf('=');
            if (equals > 0) {
                parts.put(part.substring(0, equals), part.substring(equals + 1));
            }
        }
        return parts;
    }

    /** The whole number in {@code field}; 0 when the server does not report it or it is not one. */
    public long counter(String field) {
        return reported(field).orElse(0);
    }

    /** The whole number in {@code field}; empty when the server does not report it or it is not one. */
    public OptionalLong reported(String field) {
        return number(fields.get(field));
    }

    /** Whether this is a memcached server's reading, whose fields are {@code stats}, not INFO. */
    public boolean memcached() {
        return MEMCACHED.equals(name);
    }

    private static ServerInfo of(Map<String, String> fields, List<Node> nodes) {
        String name = fields.getOrDefault("server_name", "redis");
        String version = fields.getOrDefault(name + "_version",
                fields.getOrDefault("redis_version", "unknown"));
        String mode = fields.getOrDefault("redis_mode", fields.getOrDefault("server_mode", "unknown"));
        return new ServerInfo(name, version, mode, Collections.unmodifiableMap(fields), List.copyOf(nodes));
    }

    /**
     * A cluster's reading from its masters' own: the counters that add up ({@code keyspace_hits},
     * {@code total_commands_processed}, {@code used_memory}, ..., every {@code cmdstat_*} and
     * {@code db*} part but the means) summed, {@code run_id} the masters' joined, so that a
     * restarted or replaced master shows as another run, {@code cluster_masters} their number, and
     * every other field the first master's.
     */
    public static ServerInfo ofCluster(List<Node> masters) {
        if (masters.isEmpty()) {
            throw new IllegalArgumentException("a cluster reading needs at least one master");
        }
        Set<String> names = new LinkedHashSet<>();
        masters.forEach(node -> names.addAll(node.info().fields().keySet()));
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : names) {
            List<String> values = masters.stream().map(node -> node.info().fields().get(field)).toList();
            if (SUMMED.contains(field)) {
                fields.put(field, Long.toString(values.stream().mapToLong(value -> number(value).orElse(0)).sum()));
            } else if (field.startsWith("cmdstat_") || field.matches("db\\d+")) {
                fields.put(field, sumOfParts(values));
            } else if (field.equals("run_id")) {
                fields.put(field, values.stream().map(String::valueOf).collect(Collectors.joining(",")));
            } else {
                fields.put(field, values.stream().filter(value -> value != null).findFirst().orElse(""));
            }
        }
        fields.put("cluster_masters", Integer.toString(masters.size()));
        return of(fields, masters);
    }

    /** {@code calls=3,usec=10} and {@code calls=1,usec=5} make {@code calls=4,usec=15}. */
    private static String sumOfParts(List<String> values) {
        Map<String, Long> sums = new LinkedHashMap<>();
        for (String value : values) {
            if (value == null) {
                continue;
            }
            parts(value).forEach((name, text) -> {
                if (!NOT_SUMMED_PARTS.contains(name)) {
                    sums.merge(name, number(text).orElse(0), Long::sum);
                }
            });
        }
        List<String> parts = new ArrayList<>();
        sums.forEach((part, sum) -> parts.add(part + "=" + sum));
        return String.join(",", parts);
    }

    /** The whole number {@code value} holds; empty when it is null or not one. */
    static OptionalLong number(String value) {
        try {
            return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public String toString() {
        return name + " " + version + " (" + mode + ")";
    }

    /**
     * Whether two readings are of one server process, so that their counters can be subtracted:
     * both exist and name the same {@code run_id} (a restarted server starts its counters over).
     */
    public static boolean sameRun(ServerInfo before, ServerInfo after) {
        return before != null && after != null && Objects.equals(before.runIdentity(), after.runIdentity());
    }

    /**
     * What tells one run of the server process from the next: INFO's run_id; for memcached, which
     * has none, its pid and the second it started (its clock less its uptime).
     */
    private String runIdentity() {
        if (!memcached()) {
            return fields.get("run_id");
        }
        try {
            long started = Long.parseLong(fields.get("time")) - Long.parseLong(fields.get("uptime"));
            return fields.get("pid") + "@" + started;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
