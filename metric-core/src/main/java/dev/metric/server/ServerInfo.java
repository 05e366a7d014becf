package dev.metric.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a server says about itself in INFO, reduced to what a result must name.
 *
 * @param name    server software: {@code redis}, {@code valkey}, ... (from {@code server_name}
 *                when present, else {@code redis})
 * @param version its version
 * @param mode    {@code standalone}, {@code cluster} or {@code sentinel}
 * @param fields  every {@code field:value} line of the INFO reply it was parsed from
 */
public record ServerInfo(String name, String version, String mode, Map<String, String> fields) {

    /** Parses an INFO reply: {@code # Section} headers and {@code field:value} lines. */
    public static ServerInfo parse(String info) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (line.isEmpty() || line.startsWith("#") || colon < 1) {
                continue;
            }
            fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
        }
        String name = fields.getOrDefault("server_name", "redis");
        String version = fields.getOrDefault(name + "_version",
                fields.getOrDefault("redis_version", "unknown"));
        String mode = fields.getOrDefault("redis_mode", fields.getOrDefault("server_mode", "unknown"));
        return new ServerInfo(name, version, mode, Collections.unmodifiableMap(fields));
    }

    @Override
    public String toString() {
        return name + " " + version + " (" + mode + ")";
    }
}
