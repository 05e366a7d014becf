package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.client.ServerAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerInfoTest {

    @Test
    void readsRedisNameVersionAndMode() {
        ServerInfo info = ServerInfo.parse("# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n"
                + "os:Linux\r\n\r\n# Keyspace\r\ndb0:keys=3,expires=0,avg_ttl=0\r\n");
        assertEquals("redis", info.name());
        assertEquals("7.0.15", info.version());
        assertEquals("standalone", info.mode());
        assertEquals("keys=3,expires=0,avg_ttl=0", info.fields().get("db0"));
    }

    @Test
    void readsValkeyByItsServerName() {
        ServerInfo info = ServerInfo.parse("# Server\nredis_version:7.2.4\nserver_name:valkey\n"
                + "valkey_version:8.0.1\nserver_mode:cluster\n");
        assertEquals("valkey", info.name());
        assertEquals("8.0.1", info.version());
        assertEquals("cluster", info.mode());
    }

    @Test
    void saysUnknownWhenTheServerDoesNotTell() {
        ServerInfo info = ServerInfo.parse("");
        assertEquals("unknown", info.version());
        assertEquals("unknown", info.mode());
    }

    @Test
    void aClustersReadingAddsUpItsMastersCountersAndKeepsEachMastersOwn() {
        ServerInfo first = ServerInfo.parse("redis_version:7.0.15\nredis_mode:cluster\nrun_id:aaa\ntcp_port:7000\n"
                + "keyspace_hits:10\ntotal_commands_processed:100\n"
                + "cmdstat_get:calls=8,usec=40,usec_per_call=5.00,rejected_calls=0,failed_calls=1\n"
                + "db0:keys=3,expires=1,avg_ttl=900\n");
        ServerInfo second = ServerInfo.parse("redis_version:7.0.15\nredis_mode:cluster\nrun_id:bbb\ntcp_port:7001\n"
                + "keyspace_hits:5\ntotal_commands_processed:50\n"
                + "cmdstat_get:calls=2,usec=20,usec_per_call=10.00,rejected_calls=0,failed_calls=0\n"
                + "cmdstat_setex:calls=4,usec=12,usec_per_call=3.00,rejected_calls=0,failed_calls=0\n"
                + "db0:keys=4,expires=4,avg_ttl=100\n");
        List<ServerInfo.Node> nodes = List.of(new ServerInfo.Node(new ServerAddress("h", 7000), 8192, first),
                new ServerInfo.Node(new ServerAddress("h", 7001), 8192, second));

        ServerInfo cluster = ServerInfo.ofCluster(nodes);

        assertEquals("cluster", cluster.mode());
        assertEquals("7.0.15", cluster.version());
        assertEquals("15", cluster.fields().get("keyspace_hits"));
        assertEquals("150", cluster.fields().get("total_commands_processed"));
        assertEquals("calls=10,usec=60,rejected_calls=0,failed_calls=1", cluster.fields().get("cmdstat_get"));
        assertEquals("calls=4,usec=12,rejected_calls=0,failed_calls=0", cluster.fields().get("cmdstat_setex"));
        assertEquals("keys=7,expires=5", cluster.fields().get("db0"));
        assertEquals("aaa,bbb", cluster.fields().get("run_id"), "a replaced master makes it another run");
        assertEquals("7000", cluster.fields().get("tcp_port"), "no sum of what does not add up");
        assertEquals("2", cluster.fields().get("cluster_masters"));
        assertEquals(nodes, cluster.nodes());
        assertEquals(List.of(), first.nodes());
    }
}
