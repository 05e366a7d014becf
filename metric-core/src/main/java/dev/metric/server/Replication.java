package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a Redis server's {@code INFO replication} says of its place in a replication set: a
 * primary's replication stream (its id and offset) and the replicas it lists, or, for a replica,
 * the primary it follows and how far into that primary's stream it has applied.
 *
 * @param role     {@code master} or {@code slave}, as INFO names them; {@code unknown} when not reported
 * @param replid   the replication stream's id: a primary's own, the one a replica follows once it has synced
 * @param offset   bytes of the stream a primary has written ({@code master_repl_offset}), or a
 *                 replica has applied ({@code slave_repl_offset}); -1 when not reported
 * @param primary  for a replica, the primary it follows ({@code master_host}, {@code master_port}); else null
 * @param linkUp   for a replica, whether its link to the primary is up ({@code master_link_status:up})
 * @param replicas for a primary, the replicas it lists ({@code slave0}, {@code slave1}, ...)
 */
public record Replication(String role, String replid, long offset, ServerAddress primary, boolean linkUp,
                          List<Listed> replicas) {

    /** The role a replica reports. */
    public static final String REPLICA = "slave";

    /**
     * A replica as its primary lists it.
     *
     * @param address where the primary sees it (its announced address, when it announces one)
     * @param state   {@code online}, or a state of its first sync ({@code wait_bgsave}, {@code send_bulk})
     * @param offset  the offset the replica last acknowledged (every second, by {@code REPLCONF ACK})
     */
    public record Listed(ServerAddress address, String state, long offset) {
    }

    /** The replication part of {@code info}. */
    public static Replication of(ServerInfo info) {
        Map<String, String> fields = info.fields();
        String role = fields.getOrDefault("role", "unknown");
        boolean replica = REPLICA.equals(role);
        ServerAddress primary = null;
        String host = fields.get("master_host");
        long port = info.reported("master_port").orElse(0);
        if (replica && host != null && port >= 1 && port <= 65535) {
            primary = new ServerAddress(host, (int) port);
        }
        List<Listed> listed = new ArrayList<>();
        for (int i = 0; fields.containsKey("slave" + i); i++) {
            Listed one = listed(fields.get("slave" + i));
            if (one != null) {
                listed.add(one);
            }
        }
        return new Replication(role, fields.getOrDefault("master_replid", ""),
                info.reported(replica ? "slave_repl_offset" : "master_repl_offset").orElse(-1), primary,
                "up".equals(fields.get("master_link_status")), List.copyOf(listed));
    }

    /** Whether the server is a replica. */
    public boolean isReplica() {
        return REPLICA.equals(role);
    }

    /**
     * A primary's {@code slaveN} value, {@code ip=127.0.0.1,port=7001,state=online,offset=42,lag=0};
     * null when it names no address.
     */
    static Listed listed(String value) {
        Map<String, String> parts = ServerInfo.parts(value);
        String ip = parts.get("ip");
        long port = ServerInfo.number(parts.get("port")).orElse(0);
        if (ip == null || ip.isEmpty() || port < 1 || port > 65535) {
            return null;
        }
        return new Listed(new ServerAddress(ip, (int) port), parts.getOrDefault("state", "unknown"),
                ServerInfo.number(parts.get("offset")).orElse(-1));
    }
}
