package dev.metric.result;

import dev.metric.server.ServerInfo;

/**
 * The server as every result names it, whichever kind of run measured it.
 *
 * @param name     e.g. redis, valkey
 * @param version  its version
 * @param mode     standalone, cluster...
 * @param embedded whether metric started it for this run
 */
public record ServerDescription(String name, String version, String mode, boolean embedded) {

    /** The description INFO gives of a server metric started ({@code embedded}) or found. */
    public static ServerDescription of(ServerInfo info, boolean embedded) {
        return new ServerDescription(info.name(), info.version(), info.mode(), embedded);
    }

    /** Whether the server is memcached, which has items where Redis has keys in databases. */
    public boolean memcached() {
        return "memcached".equals(name);
    }

    /** Where its CPU is read from ({@link ServerStats#serverCpuMicros()}), for reports. */
    public String cpuFields() {
        return memcached() ? "rusage_user + rusage_system" : "used_cpu_user + used_cpu_sys";
    }
}
