package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.ServerAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterTopologyTest {

    private static final String NODES = """
            07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004,cache-4 slave \
            e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected
            67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002 master - 0 1426238316232 2 connected \
            5461-10922
            292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected \
            10923-16383 [16383->-e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca]
            6ec23923021cf3ffec47632106199cb7f496ce01 127.0.0.1:30005@31005 master,fail - 1426238316232 0 5 connected
            e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca :30001@31001 myself,master - 0 0 1 connected 0-5459 5460
            """;

    @Test
    void mastersServingSlotsAreFoundWithTheirSlotCountsInAddressOrder() {
        ClusterTopology topology = ClusterTopology.parse(NODES, "10.1.2.3");

        assertEquals(List.of(
                new ClusterTopology.Master("e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca",
                        new ServerAddress("10.1.2.3", 30001), 5461),
                new ClusterTopology.Master("67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1",
                        new ServerAddress("127.0.0.1", 30002), 5462),
                new ClusterTopology.Master("292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f",
                        new ServerAddress("127.0.0.1", 30003), 5461)), topology.masters());
        assertEquals(0, topology.uncoveredSlots());
    }

    @Test
    void slotsWithoutAMasterAreCounted() {
        String oneMaster = "e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca ::1:7000@17000 myself,master - 0 0 1 connected"
                + " 0-99\n";

        ClusterTopology topology = ClusterTopology.parse(oneMaster, "::1");

        assertEquals(new ServerAddress("::1", 7000), topology.masters().get(0).address());
        assertEquals(ClusterTopology.SLOTS - 100, topology.uncoveredSlots());
    }

    @Test
    void aReplyOfAnotherFormIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ClusterTopology.parse("ERR unknown command", "h"));
    }
}
