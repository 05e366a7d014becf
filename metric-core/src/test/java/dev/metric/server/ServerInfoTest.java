package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
