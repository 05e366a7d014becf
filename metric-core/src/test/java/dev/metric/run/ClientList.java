package dev.metric.run;

import dev.metric.client.ServerAddress;
import redis.clients.jedis.Jedis;

/** What a server's CLIENT LIST says about the connections of a run, asked on a connection of its own. */
public final class ClientList {

    private ClientList() {
    }

    /** Connections to {@code address} that negotiated RESP version {@code resp}, this query's own left out. */
    public static long speaking(ServerAddress address, int resp) {
        try (Jedis jedis = new Jedis(address.host(), address.port())) {
            return jedis.clientList().lines()
                    .filter(line -> !line.contains(" cmd=client|list "))
                    .filter(line -> line.contains(" resp=" + resp + " ") || line.endsWith(" resp=" + resp))
                    .count();
        }
    }
}
