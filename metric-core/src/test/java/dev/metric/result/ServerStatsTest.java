package dev.metric.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.server.ServerInfo;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerStatsTest {

    /** An older memcached keeps no get_expired: a count it does not keep is unknown, not 0. */
    @Test
    void aCounterTheServerDoesNotReportIsUnknownNotZero() {
        ServerStats before = ServerStats.of(ServerInfo.ofMemcached(Map.of("get_hits", "10", "get_misses", "4",
                "evictions", "0", "cmd_get", "14", "cmd_set", "3", "rusage_user", "1.5", "rusage_system", "0.25")));
        ServerStats after = ServerStats.of(ServerInfo.ofMemcached(Map.of("get_hits", "15", "get_misses", "5",
                "evictions", "2", "cmd_get", "20", "cmd_set", "9", "rusage_user", "1.75", "rusage_system", "0.25")));

        ServerStats delta = after.since(before);

        assertEquals(new ServerStats(5, 1, ServerStats.UNKNOWN, 2, 12, 250_000), delta);
        assertEquals("unknown", ServerStats.text(delta.expiredKeys()));
        assertEquals("5", ServerStats.text(delta.keyspaceHits()));
    }

    @Test
    void aSumOrADifferenceWithAnUnknownPartIsUnknown() {
        ServerStats withoutCpu = ServerStats.of(ServerInfo.ofMemcached(Map.of("get_hits", "1", "get_misses", "1",
                "get_expired", "0", "evictions", "0", "cmd_get", "2", "cmd_set", "x", "rusage_user", "1.0")));

        assertEquals(ServerStats.UNKNOWN, withoutCpu.commands(), "cmd_set is not a number");
        assertEquals(ServerStats.UNKNOWN, withoutCpu.serverCpuMicros(), "no rusage_system");
        assertEquals(ServerStats.UNKNOWN, withoutCpu.since(withoutCpu).commands());
        assertEquals(0, withoutCpu.since(withoutCpu).keyspaceHits());
    }
}
